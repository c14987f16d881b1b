/**
 * The two product flags of the spec, kept in Medusa's product `metadata`
 * (see docs/decisions/0002-product-flags-in-metadata.md). Always read and write
 * them through these helpers: metadata is free-form JSON that ops can also edit
 * in Medusa Admin, so reading is lenient ("true", 1 and true all count).
 */
export type ProductFlags = {
  /** Prescription-only: shown with an Rx badge; orders containing it are held for review. */
  prescription: boolean
  /** Shown with a Popular badge and sorted first by "popularity". */
  is_popular: boolean
}

const truthy = (value: unknown): boolean =>
  value === true || value === 1 || value === "true" || value === "1"

export function readProductFlags(metadata: Record<string, unknown> | null | undefined): ProductFlags {
  return {
    prescription: truthy(metadata?.prescription),
    is_popular: truthy(metadata?.is_popular),
  }
}

export function productFlagsMetadata(flags: Partial<ProductFlags>): Record<string, boolean> {
  const metadata: Record<string, boolean> = {}
  if (flags.prescription !== undefined) metadata.prescription = flags.prescription
  if (flags.is_popular !== undefined) metadata.is_popular = flags.is_popular
  return metadata
}
