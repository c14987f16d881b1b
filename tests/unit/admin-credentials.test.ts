import { describe, expect, it } from "vitest"

import { adminCredentialsFromEnv, DEV_ADMIN } from "../../medusa-backend/src/scripts/seed/admin-credentials"
import { passwordProblem } from "../../medusa-backend/src/shared/password-policy"

describe("seeded admin credentials", () => {
  it("default to the development login outside production, whose password passes the staff policy", () => {
    expect(adminCredentialsFromEnv({ NODE_ENV: "development" })).toEqual({
      email: "admin@example.com",
      password: "harbor-health-dev",
    })
    expect(passwordProblem(DEV_ADMIN.password, { email: DEV_ADMIN.email })).toBeNull()
  })

  it("take ADMIN_EMAIL and ADMIN_PASSWORD from the environment", () => {
    expect(adminCredentialsFromEnv({ ADMIN_EMAIL: "ops@store.test", ADMIN_PASSWORD: "pw-123456" })).toEqual({
      email: "ops@store.test",
      password: "pw-123456",
    })
  })

  it("refuse the development password and weak passwords in production", () => {
    expect(() => adminCredentialsFromEnv({ NODE_ENV: "production" })).toThrow(/set ADMIN_PASSWORD/)
    expect(() => adminCredentialsFromEnv({ NODE_ENV: "production", ADMIN_PASSWORD: DEV_ADMIN.password })).toThrow(/development password/)
    // The old development default, and other weak ones, name what is wrong.
    expect(() => adminCredentialsFromEnv({ NODE_ENV: "production", ADMIN_PASSWORD: "supersecret" })).toThrow(
      /weak ADMIN_PASSWORD.*at least 12/
    )
    expect(() => adminCredentialsFromEnv({ NODE_ENV: "production", ADMIN_PASSWORD: "Password2024!" })).toThrow(
      /weak ADMIN_PASSWORD.*too common/
    )
    expect(() =>
      adminCredentialsFromEnv({ NODE_ENV: "production", ADMIN_EMAIL: "maria@pharmacy.test", ADMIN_PASSWORD: "maria-rules-the-shop" })
    ).toThrow(/must not contain your email/)
    expect(adminCredentialsFromEnv({ NODE_ENV: "production", ADMIN_PASSWORD: "a-long-real-secret" }).password).toBe("a-long-real-secret")
  })
})
