import { weakSecretProblem } from "../shared/secret-strength"
import { type BackendConfig, readBackendConfig, settingProblems, type SettingsEnv, SettingsError } from "./config"

/**
 * Settings a real shop must have. In production (NODE_ENV=production) the backend refuses to
 * start without them, with a message naming what is missing, rather than show customers
 * placeholder payment handles or file their emails in a folder. Local runs of the production
 * build (`npm start`, the tests, the benchmarks) set DEV_PLACEHOLDERS=true to keep the
 * development placeholders and the email outbox (`placeholders` of src/lib/config.ts, which
 * medusa-config.ts passes to the payment and email modules).
 */
export class MissingSettingError extends Error {
  constructor(missing: string[], what: string) {
    super(
      `Refusing to start in production: ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} not set (${what}). ` +
        `Set ${missing.length > 1 ? "them" : "it"} in the environment (see README, Deployment), or DEV_PLACEHOLDERS=true for a local run.`
    )
    this.name = "MissingSettingError"
  }
}

/**
 * What production needs beyond settings that parse (src/lib/config.ts checks those), checked when
 * a server or worker starts (instrumentation.ts, run by `medusa start` and `medusa develop`;
 * decision 0047):
 * - JWT_SECRET, COOKIE_SECRET and ORDER_STATUS_LINK_SECRET at least 32 bytes and not an example
 *   value from the README or docker-compose.yml;
 * - a real shop (production without DEV_PLACEHOLDERS) sets STOREFRONT_PUBLIC_URL and SUPPORT_EMAIL,
 *   which customer emails link to and are answered from (issue 23);
 * - controlled substances are sold online only with the pharmacy's DEA registration (Ryan Haight Act, issue 25).
 */
export function productionProblems(config: BackendConfig): string[] {
  const problems: string[] = []
  if (config.production) {
    const { jwt, cookie, orderStatusLink } = config.secrets
    for (const [variable, value] of [
      ["JWT_SECRET", jwt],
      ["COOKIE_SECRET", cookie],
      ["ORDER_STATUS_LINK_SECRET", orderStatusLink],
    ] as const) {
      const problem = weakSecretProblem(variable, value)
      if (problem) problems.push(problem)
    }
  }
  if (config.production && config.controlledSubstances.online && !config.controlledSubstances.deaRegistration) {
    problems.push(
      "CONTROLLED_SUBSTANCES_ONLINE is true but DEA_REGISTRATION_NUMBER is not set: controlled substances may be sold online only under the pharmacy's DEA registration."
    )
  }
  if (!config.placeholders) {
    if (!config.storefrontOriginSet) {
      problems.push("STOREFRONT_PUBLIC_URL is not set: the links in customer emails need the storefront's public origin.")
    }
    if (!config.supportEmailSet) problems.push("SUPPORT_EMAIL is not set: customer emails need a support address to reply to.")
  }
  return problems
}

/**
 * Every problem that stops a start: settings that do not parse (each naming its variable), then,
 * once they all do, what production needs. Empty when the settings are fine.
 */
export function startSettingProblems(env: SettingsEnv = process.env): string[] {
  const problems = settingProblems(env)
  return problems.length ? problems : productionProblems(readBackendConfig(env))
}

/** Throws a SettingsError listing every problem of the start (see `productionProblems`). */
export function assertStartSettings(config: BackendConfig) {
  const problems = productionProblems(config)
  if (problems.length) throw new SettingsError(problems)
}
