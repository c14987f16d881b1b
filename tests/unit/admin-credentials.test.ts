import { describe, expect, it } from "vitest"
import { adminCredentialsFromEnv } from "../../medusa-backend/src/scripts/seed/admin-credentials"

describe("seeded admin credentials", () => {
  it("default to the development login outside production", () => {
    expect(adminCredentialsFromEnv({ NODE_ENV: "development" })).toEqual({
      email: "admin@example.com",
      password: "supersecret",
    })
  })

  it("take ADMIN_EMAIL and ADMIN_PASSWORD from the environment", () => {
    expect(adminCredentialsFromEnv({ ADMIN_EMAIL: "ops@store.test", ADMIN_PASSWORD: "pw-123456" })).toEqual({
      email: "ops@store.test",
      password: "pw-123456",
    })
  })

  it("refuse the development password in production", () => {
    expect(() => adminCredentialsFromEnv({ NODE_ENV: "production" })).toThrow(/set ADMIN_PASSWORD/)
    expect(() => adminCredentialsFromEnv({ NODE_ENV: "production", ADMIN_PASSWORD: "supersecret" })).toThrow()
    expect(adminCredentialsFromEnv({ NODE_ENV: "production", ADMIN_PASSWORD: "a-long-real-secret" }).password).toBe(
      "a-long-real-secret"
    )
  })
})
