import { checkTrustProxySetting } from "../api/utils/client-address"
import { weakSecretProblem } from "../shared/secret-strength"
import { storefrontPublicOrigin } from "./customer-links"
import { statusLinkTtlDays } from "./orders/status-link"
import type { SettingsEnv } from "./settings-env"

/**
 * Settings a real shop must have. In production (NODE_ENV=production) the backend refuses to
 * start without them, with a message naming what is missing, rather than show customers
 * placeholder payment handles or file their emails in a folder. Local runs of the production
 * build (`npm start`, the tests, the benchmarks) set DEV_PLACEHOLDERS=true to keep the
 * development placeholders and the email outbox.
 */
export function placeholdersAllowed(env: SettingsEnv = process.env): boolean {
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

/**
 * Settings checked when a server or worker starts (instrumentation.ts, run by
 * `medusa start` and `medusa develop`), so a bad value stops the start with a
 * sentence naming the variable instead of failing every request later
 * (decision 0047):
 * - TRUST_PROXY must be `off` or a list of addresses, CIDR ranges and the names
 *   loopback, linklocal, uniquelocal;
 * - in production, JWT_SECRET, COOKIE_SECRET and ORDER_STATUS_LINK_SECRET must be at
 *   least 32 bytes and not an example value from the README or docker-compose.yml;
 * - STOREFRONT_PUBLIC_URL must be an origin and ORDER_STATUS_LINK_TTL_DAYS at least 120;
 *   a real shop (production without DEV_PLACEHOLDERS) must set STOREFRONT_PUBLIC_URL and
 *   SUPPORT_EMAIL, which customer emails link to and are answered from (issue 23).
 * Answers every problem found; empty when the settings are fine.
 */
export function startSettingProblems(env: SettingsEnv = process.env): string[] {
  const problems: string[] = []
  try {
    checkTrustProxySetting(env)
  } catch (error) {
    problems.push((error as Error).message)
  }
  for (const check of [storefrontPublicOrigin, statusLinkTtlDays]) {
    try {
      check(env)
    } catch (error) {
      problems.push((error as Error).message)
    }
  }
  if (env.NODE_ENV === "production") {
    for (const variable of ["JWT_SECRET", "COOKIE_SECRET", "ORDER_STATUS_LINK_SECRET"]) {
      const problem = weakSecretProblem(variable, env[variable])
      if (problem) problems.push(problem)
    }
  }
  if (!placeholdersAllowed(env)) {
    if (!env.STOREFRONT_PUBLIC_URL?.trim()) {
      problems.push("STOREFRONT_PUBLIC_URL is not set: the links in customer emails need the storefront's public origin.")
    }
    const support = env.SUPPORT_EMAIL?.trim()
    if (!support) problems.push("SUPPORT_EMAIL is not set: customer emails need a support address to reply to.")
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(support)) problems.push(`SUPPORT_EMAIL is not an email address ("${support}").`)
  }
  return problems
}

export class StartSettingsError extends Error {
  constructor(problems: string[]) {
    super(`Refusing to start:\n${problems.map((problem) => `  - ${problem}`).join("\n")}\nSee README.md, Environment variables.`)
    this.name = "StartSettingsError"
  }
}

/** Throws StartSettingsError listing every problem of `startSettingProblems`. */
export function assertStartSettings(env: SettingsEnv = process.env) {
  const problems = startSettingProblems(env)
  if (problems.length) throw new StartSettingsError(problems)
}
