/**
 * Settings a real shop must have. In production (NODE_ENV=production) the backend refuses to
 * start without them, with a message naming what is missing, rather than show customers
 * placeholder payment handles or file their emails in a folder. Local runs of the production
 * build (`npm start`, the tests, the benchmarks) set DEV_PLACEHOLDERS=true to keep the
 * development placeholders and the email outbox.
 */
export function placeholdersAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== "production" || env.DEV_PLACEHOLDERS === "true"
}

export class MissingSettingError extends Error {
  constructor(missing: string[], what: string) {
    super(
      `Refusing to start in production: ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} not set (${what}). ` +
        `Set ${missing.length > 1 ? "them" : "it"} in the environment (see README, Deployment), or DEV_PLACEHOLDERS=true for a local run.`
    )
    this.name = "MissingSettingError"
  }
}
