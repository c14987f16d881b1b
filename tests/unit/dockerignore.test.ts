import fs from "node:fs"
import path from "node:path"

import { describe, expect, it } from "vitest"

// `COPY . .` in the Dockerfile copies what .dockerignore does not exclude. Docker's rules:
// patterns are relative to the context root, `*` stays within a path segment, `**` spans
// segments, a pattern excludes a directory with everything below it, `!` re-includes.
const root = path.resolve(__dirname, "../..")
const patterns = fs
  .readFileSync(path.join(root, ".dockerignore"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"))

function toRegExp(pattern: string) {
  const source = pattern
    .replace(/^\/+/, "")
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) => {
      if (part === "**/") return "(?:.*/)?"
      if (part === "**") return ".*"
      if (part === "*") return "[^/]*"
      if (part === "?") return "[^/]"
      return part.replace(/[.+^${}()|[\]\\]/g, "\\$&")
    })
    .join("")
  return new RegExp(`^${source}(?:/.*)?$`)
}

function excluded(file: string) {
  let result = false
  for (const pattern of patterns) {
    const negated = pattern.startsWith("!")
    if (toRegExp(negated ? pattern.slice(1) : pattern).test(file)) result = !negated
  }
  return result
}

describe(".dockerignore keeps secrets and local files out of the images", () => {
  it.each([
    ".env",
    ".env.production",
    ".env.local",
    "medusa-backend/.env",
    "storefront/.env.production",
    ".data/secrets.json",
    ".data/phi-encryption-key",
    ".data/postgres/cluster/PG_VERSION",
    "node_modules/react/index.js",
    "storefront/node_modules/x/index.js",
    "medusa-backend/.medusa/server/medusa-config.js",
    "medusa-backend/static/upload.png",
    "storefront/build/server/index.js",
    "bench/results/run.json",
    ".git/config",
  ])("excludes %s (an .env file, local data, dependencies or build output)", (file) => {
    expect(excluded(file)).toBe(true)
  })

  it.each([
    "package.json",
    "package-lock.json",
    "medusa-config.ts",
    "medusa-backend/src/api/middlewares.ts",
    "storefront/app/root.tsx",
    "storefront/server/index.mjs",
  ])("keeps %s, a source the images build from", (file) => {
    expect(excluded(file)).toBe(false)
  })
})
