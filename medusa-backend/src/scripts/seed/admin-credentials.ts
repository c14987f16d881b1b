/** Who the seeded staff user is; no Medusa imports so it is cheap to test. */
import type { SettingsEnv } from "../../lib/config"
import { passwordProblem } from "../../shared/password-policy"

/** The development login. Its password passes the staff password policy (decision 0044); production refuses it anyway. */
export const DEV_ADMIN = { email: "admin@example.com", password: "harbor-health-dev" }

export type AdminCredentials = { email: string; password: string }

export function adminCredentialsFromEnv(env: SettingsEnv = process.env): AdminCredentials {
  const credentials = {
    email: env.ADMIN_EMAIL || DEV_ADMIN.email,
    password: env.ADMIN_PASSWORD || DEV_ADMIN.password,
  }
  if (env.NODE_ENV === "production") {
    if (credentials.password === DEV_ADMIN.password) {
      throw new Error("Refusing to create an admin user with the development password in production: set ADMIN_PASSWORD.")
    }
    const problem = passwordProblem(credentials.password, { email: credentials.email })
    if (problem) throw new Error(`Refusing to create an admin user with a weak ADMIN_PASSWORD in production: ${problem}`)
  }
  return credentials
}
