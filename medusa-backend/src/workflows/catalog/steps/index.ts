/**
 * The catalogue workflows' steps, one per file (as Medusa's core-flows). The
 * catalogue rules of the spec that Medusa does not know are steps of the
 * workflows they guard (so every caller obeys them: the /api, the legacy
 * import, a plugin calling the workflow): names are not blank, a product's
 * category exists, a product has at most 5 variants and never loses its last
 * one, variant and category names are unique where people choose between them.
 * Messages speak to staff and never contain internal ids.
 */
export * from "./audit-prescription-flag"
export * from "./authorize-prescription-flag"
export * from "./detach-reserved-inventory"
export * from "./find-variant-product"
export * from "./invalidate-catalog"
export * from "./load-catalog-category"
export * from "./load-catalog-product"
export * from "./plan-variant-changes"
export * from "./plan-variant-list"
export * from "./resolve-catalog-context"
export * from "./set-sellable-stock"
export * from "./set-sellable-stocks"
export * from "./stock-new-variant"
export * from "./stock-new-variants"
export * from "./unique-handle"
export * from "./validate-category"
export * from "./validate-category-empty"
export * from "./validate-names"
export * from "./validate-unique-category-name"
export * from "./validate-variant-addition"
export * from "./validate-variant-list"
export * from "./validate-variant-removal"
