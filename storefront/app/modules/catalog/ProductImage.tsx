/**
 * `fetchpriority="high"` for the page's main picture. React 18 does not know
 * the camelCase prop (it warns), but passes the lowercase attribute through.
 */
export const HIGH_PRIORITY = { fetchpriority: "high" } as Record<string, string>

/** A product picture, or the placeholder when the product has none (spec §2). */
export function ProductImage({
  src,
  alt,
  className = "",
  size = 400,
  priority = false,
}: {
  src: string | null | undefined
  alt: string
  className?: string
  size?: number
  /** Above the fold: load now, with high priority (the page's largest image). */
  priority?: boolean
}) {
  return (
    <img
      src={src || "/images/product-placeholder.svg"}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      {...(priority ? HIGH_PRIORITY : {})}
      className={`aspect-square w-full bg-slate-50 object-contain ${className}`}
    />
  )
}
