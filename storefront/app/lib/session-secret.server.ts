/**
 * The storefront's one secret, SESSION_SECRET: it signs the staff session (decision 0030) and,
 * through keys derived per purpose, shoppers' `cart_id` cookie and checkout attempt tokens (0046).
 * Production refuses one shorter than 32 bytes or copied from the README's example (0047): anyone
 * who knows it can forge a staff session. Checked when this module loads, i.e. when the server
 * starts and imports the build, so the server exits with the message instead of starting.
 * Elsewhere a missing secret becomes a random key per process (sessions and carts end on restart).
 */
import crypto from "node:crypto"

import { weakSecretProblem } from "@shared/secret-strength"

import { config } from "./config.server"

export function sessionSecretProblem(env: Record<string, string | undefined> = process.env): string | null {
  return env.NODE_ENV === "production" ? weakSecretProblem("SESSION_SECRET", env.SESSION_SECRET) : null
}

const startProblem = sessionSecretProblem()
if (startProblem) throw new Error(`Refusing to start: ${startProblem}`)

let devSecret: string | undefined

export function sessionSecret(): string {
  const secret = process.env.SESSION_SECRET
  if (config.isProduction) {
    const problem = weakSecretProblem("SESSION_SECRET", secret)
    if (problem) throw new Error(problem)
    return secret!
  }
  if (secret) return secret
  if (!devSecret) {
    console.warn("SESSION_SECRET is not set: staff sessions and carts use a random key and end when the storefront restarts")
    devSecret = crypto.randomBytes(32).toString("hex")
  }
  return devSecret
}
