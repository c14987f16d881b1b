/**
 * Where customers are sent and who answers them (issue 23): the storefront's public origin,
 * which the links in emails point at, and the support address emails are answered from.
 *
 * - STOREFRONT_PUBLIC_URL: scheme, host and port only, validated like BACKEND_PUBLIC_URL
 *   (decision 0048). Unset: the first origin of STORE_CORS, else http://localhost:3000; in
 *   production it must be set (unless DEV_PLACEHOLDERS=true): a link to localhost is no link.
 * - SUPPORT_EMAIL: the Reply-To of every customer email. Unset: the store's development
 *   address; production must set it (unless DEV_PLACEHOLDERS=true).
 */
import { originOf } from "./public-url"
import type { SettingsEnv } from "./settings-env"

export const DEV_SUPPORT_EMAIL = "support@harborhealth.example"

export class StorefrontUrlError extends Error {
  constructor(value: string) {
    super(
      `STOREFRONT_PUBLIC_URL must be the storefront's public origin (scheme, host and port only, e.g. https://shop.example or ` +
        `http://localhost:3000); got "${value}".`
    )
    this.name = "StorefrontUrlError"
  }
}

/** The origin customers reach the storefront at. Throws StorefrontUrlError on a value that is not one. */
export function storefrontPublicOrigin(env: SettingsEnv = process.env): string {
  const value = env.STOREFRONT_PUBLIC_URL?.trim()
  if (value) {
    const origin = originOf(value)
    if (!origin) throw new StorefrontUrlError(value)
    return origin
  }
  const fromCors = (env.STORE_CORS ?? "")
    .split(",")
    .map((entry) => originOf(entry.trim()))
    .find(Boolean)
  return fromCors ?? "http://localhost:3000"
}

/** The support address customer emails are answered from. */
export function supportEmail(env: SettingsEnv = process.env): string {
  return env.SUPPORT_EMAIL?.trim() || DEV_SUPPORT_EMAIL
}
