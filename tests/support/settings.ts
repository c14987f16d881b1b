/** A production environment that passes the start checks: strong secrets, the storefront's origin, a support address. */
export function productionSettings(secret = "9f1c2b7e4d8a6f30c5e1b2a79d4c8e6f0a3b5c7d9e1f2a4b") {
  return {
    NODE_ENV: "production",
    JWT_SECRET: secret,
    COOKIE_SECRET: `${secret}-cookie`,
    ORDER_STATUS_LINK_SECRET: `${secret}-links`,
    STOREFRONT_PUBLIC_URL: "https://shop.example",
    SUPPORT_EMAIL: "support@shop.example",
  } as Record<string, string | undefined>
}

/** Values that are not a public origin (scheme, host and port only). */
export const NOT_ORIGINS = [
  "localhost:9000",
  "ftp://files.example",
  "https://api.shop.example/medusa",
  "https://api.shop.example/?a=1",
  "https://user:pw@api.example",
  "nonsense",
  "not a url",
]
