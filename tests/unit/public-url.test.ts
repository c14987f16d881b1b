import { describe, expect, it } from "vitest"

import { readBackendConfig, settingProblems, type SettingsEnv } from "../../medusa-backend/src/lib/config"
import { publicFileUrl } from "../../medusa-backend/src/lib/public-url"
import { NOT_ORIGINS } from "../support/settings"

const backendPublicOrigin = (env: SettingsEnv) => readBackendConfig(env).backendOrigin

describe("the backend's public origin (decision 0048)", () => {
  it("is BACKEND_PUBLIC_URL, else MEDUSA_BACKEND_URL (its name before), else http://localhost:9000", () => {
    expect(backendPublicOrigin({})).toBe("http://localhost:9000")
    expect(backendPublicOrigin({ MEDUSA_BACKEND_URL: "http://localhost:9100/" })).toBe("http://localhost:9100")
    expect(backendPublicOrigin({ MEDUSA_BACKEND_URL: "http://localhost:9100", BACKEND_PUBLIC_URL: " https://api.shop.example " })).toBe(
      "https://api.shop.example"
    )
  })

  it("refuses what is not an origin, naming the variable it came from", () => {
    for (const value of NOT_ORIGINS) {
      const refused = /^BACKEND_PUBLIC_URL must be the backend's public origin/
      expect(settingProblems({ BACKEND_PUBLIC_URL: value }), value).toEqual([expect.stringMatching(refused)])
    }
    expect(settingProblems({ MEDUSA_BACKEND_URL: "https://api.shop.example/medusa" })).toEqual([
      expect.stringMatching(/^MEDUSA_BACKEND_URL must be/),
    ])
    // MEDUSA_BACKEND_URL is the storefront's too; it is the backend's origin only when BACKEND_PUBLIC_URL is unset.
    expect(settingProblems({ BACKEND_PUBLIC_URL: "https://api.shop.example", MEDUSA_BACKEND_URL: "http://backend:9000/x" })).toEqual([])
  })
})

describe("picture URLs as browsers get them (decision 0048)", () => {
  const origin = "https://api.shop.example"

  it("moves uploads stored under a loopback origin (an earlier local run, another port) to the public origin", () => {
    expect(publicFileUrl("http://localhost:9000/static/1-strips.svg", origin)).toBe(`${origin}/static/1-strips.svg`)
    expect(publicFileUrl("http://127.0.0.1:9000/static/1-strips.svg", origin)).toBe(`${origin}/static/1-strips.svg`)
    expect(publicFileUrl("http://[::1]:9000/static/a%20b.png?v=2", origin)).toBe(`${origin}/static/a%20b.png?v=2`)
    expect(publicFileUrl("http://localhost:9000/static/x.png", "http://localhost:40123")).toBe("http://localhost:40123/static/x.png")
  })

  it("keeps every other URL as stored: S3, a legacy host's pictures, paths outside /static, nothing", () => {
    for (const url of [
      "https://bucket.s3.example/static/x.png",
      "https://legacy.example.com/static/y.svg",
      "http://localhost:9000/app/logo.svg",
      `${origin}/static/z.png`,
      "not a url",
    ]) {
      expect(publicFileUrl(url, origin)).toBe(url)
    }
    expect(publicFileUrl(null, origin)).toBeNull()
  })
})
