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

/** What must never reach an image, by kind. */
const ENV_FILES = [".env", ".env.production", ".env.local", "medusa-backend/.env", "storefront/.env.production"]
const LOCAL_DATA = [".data/secrets.json", ".data/phi-encryption-key", ".data/postgres/cluster/PG_VERSION", ".git/config"]
const DEPENDENCIES = ["node_modules/react/index.js", "storefront/node_modules/x/index.js"]
const BUILD_OUTPUT = ["medusa-backend/.medusa/server/medusa-config.js", "storefront/build/server/index.js", "bench/results/run.json"]
const UPLOADS = ["medusa-backend/static/upload.png"]
/** What the images build from. */
const PACKAGE_FILES = ["package.json", "package-lock.json", "medusa-config.ts"]
const SOURCES = ["medusa-backend/src/api/middlewares.ts", "storefront/app/root.tsx", "storefront/server/index.mjs"]

describe(".dockerignore keeps secrets and local files out of the images", () => {
  it.each([...ENV_FILES, ...LOCAL_DATA, ...DEPENDENCIES, ...BUILD_OUTPUT, ...UPLOADS])(
    "excludes %s (an .env file, local data, dependencies, build output or an upload)",
    (file) => {
      expect(excluded(file)).toBe(true)
    }
  )

  it.each([...PACKAGE_FILES, ...SOURCES])("keeps %s, a source the images build from", (file) => {
    expect(excluded(file)).toBe(false)
  })
})
