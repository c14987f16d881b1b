/**
 * Which of the storefront's pages search engines may list (the sitemap) and which they are kept
 * out of (robots.txt, `noindex`). Decision 0055.
 */

/** The public pages that are the same for everyone, listed in the sitemap (products, categories and posts come from the catalogue and the blog). */
export const STATIC_PUBLIC_PATHS = [
  "/",
  "/shop",
  "/buy-medication",
  "/apply-for-prescription",
  "/insulin-form",
  "/weight-loss-form",
  "/blog",
  "/about-us",
  "/licenses",
  "/faq",
  "/privacypolicy",
  "/notice-of-privacy-practices",
  "/refundandreturn",
  "/shippingpolicy",
] as const

/**
 * One shopper's pages and the staff area: robots.txt disallows them (a prefix each). The age check is
 * not among them: gated pages redirect crawlers there, and it says `noindex` itself.
 */
export const PRIVATE_PATH_PREFIXES = [
  "/cart",
  "/checkout",
  "/order-confirmation",
  "/order-status/",
  "/find-my-order",
  "/confirmation",
  "/admin",
] as const
