/**
 * Settings checked when the servers start (issue 21, decision 0047): production
 * refuses short or well-known secrets (JWT_SECRET, COOKIE_SECRET, SESSION_SECRET)
 * and any start refuses a TRUST_PROXY that is not addresses or ranges, with a
 * message naming the variable; PHI_REQUIRE_V2 parses strictly.
 */
import fs from "node:fs"
import path from "node:path"

import { describe, expect, it, vi } from "vitest"

import { register } from "../../medusa-backend/instrumentation"
import { readBackendConfig } from "../../medusa-backend/src/lib/config"
import { assertStartSettings, startSettingProblems } from "../../medusa-backend/src/lib/deployment-settings"
import { parseRequireV2 } from "../../medusa-backend/src/modules/prescription/encryption"
import { EXAMPLE_SECRETS, weakSecretProblem } from "../../medusa-backend/src/shared/secret-strength"
import { productionSettings } from "../support/settings"

const root = path.resolve(__dirname, "../..")
const strong = "9f1c2b7e4d8a6f30c5e1b2a79d4c8e6f0a3b5c7d9e1f2a4b"
const production = productionSettings(strong)

/** The `KEY=value` lines of the README's .env example and the compose file's defaults. */
function documentedValues(): string[] {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8")
  return [...readme.matchAll(/^(?:JWT|COOKIE|SESSION)_SECRET=(.+)$/gm)].map((match) => match[1].trim())
}

describe("production secrets", () => {
  it("refuses every secret the README shows as an example, and Medusa's default", () => {
    const documented = documentedValues()
    expect(documented.length).toBeGreaterThanOrEqual(3)
    for (const value of [...documented, "supersecret", "CHANGE-ME-TO-A-LONG-RANDOM-STRING "]) {
      expect(EXAMPLE_SECRETS).toContain(value.trim().toLowerCase())
      expect(weakSecretProblem("JWT_SECRET", value)).toMatch(/^JWT_SECRET is an example value from the documentation/)
    }
  })

  it("refuses secrets shorter than 32 bytes, or none, and accepts a long random one", () => {
    expect(weakSecretProblem("COOKIE_SECRET", "a".repeat(31))).toBe(
      "COOKIE_SECRET is too short (31 bytes): set it to at least 32 random bytes (e.g. `openssl rand -hex 32`)."
    )
    expect(weakSecretProblem("COOKIE_SECRET", undefined)).toMatch(/^COOKIE_SECRET is not set/)
    expect(weakSecretProblem("COOKIE_SECRET", "   ")).toMatch(/^COOKIE_SECRET is not set/)
    expect(weakSecretProblem("COOKIE_SECRET", "a".repeat(32))).toBeNull()
    expect(weakSecretProblem("SESSION_SECRET", strong)).toBeNull()
  })

  it("are checked at start in production only, every problem named at once", () => {
    expect(startSettingProblems(production)).toEqual([])
    expect(startSettingProblems({ NODE_ENV: "development" })).toEqual([])
    expect(startSettingProblems({ ...production, JWT_SECRET: "change-me-to-a-long-random-string", COOKIE_SECRET: "short" })).toEqual([
      expect.stringMatching(/^JWT_SECRET is an example value/),
      expect.stringMatching(/^COOKIE_SECRET is too short \(5 bytes\)/),
    ])
    expect(() => assertStartSettings(readBackendConfig({ NODE_ENV: "production" }))).toThrow(
      /^Refusing to start:\n {2}- JWT_SECRET is not set.*\n {2}- COOKIE_SECRET is not set/s
    )
  })
})

describe("TRUST_PROXY at start", () => {
  it("refuses a value that is not addresses, ranges or names, in any environment", () => {
    expect(startSettingProblems({ TRUST_PROXY: "storefront" })).toEqual([expect.stringMatching(/^TRUST_PROXY is invalid \("storefront"\)/)])
    expect(startSettingProblems({ TRUST_PROXY: "172.31.250.10" })).toEqual([])
  })
})

describe("the backend's start (instrumentation.ts, run by `medusa start`)", () => {
  it("exits with the message when a production secret is an example value, before anything is served", () => {
    const errors: string[] = []
    const error = vi.spyOn(console, "error").mockImplementation((message: string) => void errors.push(message))
    const exit = vi.fn((code: number) => {
      throw new Error(`exit ${code}`)
    }) as unknown as (code: number) => never
    try {
      expect(() => register({ ...production, JWT_SECRET: "change-me-to-a-long-random-string" }, exit)).toThrow("exit 1")
      expect(exit).toHaveBeenCalledWith(1)
      expect(errors.join("\n")).toMatch(/Refusing to start:\n {2}- JWT_SECRET is an example value from the documentation/)
      expect(() => register({ NODE_ENV: "development", TRUST_PROXY: "every proxy" }, exit)).toThrow("exit 1")
      expect(errors.join("\n")).toContain('TRUST_PROXY is invalid ("every proxy")')
    } finally {
      error.mockRestore()
    }
  })
})

describe("PHI_REQUIRE_V2", () => {
  it("is true or false; anything else stops the start naming it", () => {
    expect(parseRequireV2(undefined)).toBe(false)
    expect(parseRequireV2("")).toBe(false)
    expect(parseRequireV2("false")).toBe(false)
    expect(parseRequireV2("TRUE")).toBe(true)
    expect(parseRequireV2(true)).toBe(true)
    expect(() => parseRequireV2("yes")).toThrow('PHI_REQUIRE_V2 must be true or false, not "yes".')
  })
})
