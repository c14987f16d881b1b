/** Who the seeded staff user is; no Medusa imports so it is cheap to test. */
export const DEV_ADMIN = { email: "admin@example.com", password: "supersecret" }

export type AdminCredentials = { email: string; password: string }

export function adminCredentialsFromEnv(env: NodeJS.ProcessEnv = process.env): AdminCredentials {
  const credentials = {
    email: env.ADMIN_EMAIL || DEV_ADMIN.email,
    password: env.ADMIN_PASSWORD || DEV_ADMIN.password,
  }
  if (env.NODE_ENV === "production" && credentials.password === DEV_ADMIN.password) {
    throw new Error(
      "Refusing to create an admin user with the development password in production: set ADMIN_PASSWORD."
    )
  }
  return credentials
}
