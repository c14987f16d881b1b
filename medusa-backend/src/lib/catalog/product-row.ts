/**
 * A product of the storefront's catalogue as Medusa's Query reads it: the one
 * row type of both catalogue read models. The staff writes (./catalog-admin.ts)
 * read the whole row; the storefront's read model (./catalog.ts) reads the
 * part named by CatalogReadRow.
 */

export type OptionRow = { id: string; title: string; is_exclusive: boolean; values: { id: string; value: string }[] }

/** A variant's link to an inventory item, with the item's levels. */
export type InventoryLinkRow = {
  inventory_item_id: string
  required_quantity: number
  inventory: { location_levels: { location_id: string; stocked_quantity: number; reserved_quantity: number }[] } | null
}

export type VariantRow = {
  id: string
  title: string | null
  variant_rank: number | null
  created_at: string | Date
  product_id: string
  manage_inventory: boolean
  allow_backorder: boolean
  metadata: Record<string, unknown> | null
  options: { id: string; value: string; option_id: string | null }[]
  prices: { id: string; amount: number; currency_code: string; rules_count?: number | null; price_list_id?: string | null }[]
  inventory_items: InventoryLinkRow[]
}

export type ProductRow = {
  id: string
  title: string
  handle: string
  status: string
  external_id: string | null
  description: string | null
  thumbnail: string | null
  metadata: Record<string, unknown> | null
  created_at: string | Date
  images: { url: string }[]
  sales_channels: { id: string }[]
  categories: { id: string; name: string }[]
  options: OptionRow[]
  variants: VariantRow[]
}

/**
 * The part of a product the storefront's read model reads (its PRODUCT_FIELDS). Query may answer a
 * relation as null, or with null entries: that read model guards against both.
 */
export type CatalogReadRow = Pick<ProductRow, "id" | "title" | "description" | "thumbnail" | "metadata" | "created_at"> & {
  images?: ProductRow["images"] | null
  categories?: (ProductRow["categories"][number] | null)[] | null
  sales_channels?: (ProductRow["sales_channels"][number] | null)[] | null
  variants?:
    | (Pick<VariantRow, "id" | "title" | "created_at"> &
        Partial<Pick<VariantRow, "variant_rank" | "manage_inventory" | "allow_backorder">> & {
          inventory_items?: ((Pick<InventoryLinkRow, "inventory_item_id"> & { required_quantity?: number | null }) | null)[] | null
        })[]
    | null
}
