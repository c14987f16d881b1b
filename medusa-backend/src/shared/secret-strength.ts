/**
 * What production accepts as a signing secret (JWT_SECRET, COOKIE_SECRET of the
 * backend; SESSION_SECRET of the storefront): at least 32 bytes, and none of the
 * example values the README, docker-compose.yml or Medusa's own templates print,
 * which anyone can read and so forge tokens and cookies with. Decision 0047.
 * Shared by the backend (src/lib/deployment-settings.ts) and the storefront
 * (app/lib/admin-session.server.ts).
 */
export const MIN_SECRET_BYTES = 32

/** Example and placeholder values, compared without case and surrounding space. */
export const EXAMPLE_SECRETS: readonly string[] = [
  // README.md, Deployment (the .env example)
  "change-me",
  "change-me-to-a-long-random-string",
  "change-me-to-another-long-random-string",
  "change-me-to-a-third-long-random-string",
  // Medusa's defaults and the seeded staff password
  "supersecret",
  "secret",
  "changeme",
]

const REMEDY = `set it to at least ${MIN_SECRET_BYTES} random bytes (e.g. \`openssl rand -hex 32\`).`

/** Why `value` is not a production secret, as a sentence naming `variable`; null when it is fine. */
export function weakSecretProblem(variable: string, value: string | undefined): string | null {
  const secret = value ?? ""
  if (!secret.trim()) return `${variable} is not set: ${REMEDY}`
  if (EXAMPLE_SECRETS.includes(secret.trim().toLowerCase())) return `${variable} is an example value from the documentation: ${REMEDY}`
  const bytes = new TextEncoder().encode(secret).length
  if (bytes < MIN_SECRET_BYTES) return `${variable} is too short (${bytes} bytes): ${REMEDY}`
  return null
}
