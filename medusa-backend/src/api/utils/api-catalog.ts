/** Reads of the legacy `/api` catalogue, in the spec's shapes (spec §3, §7). */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

import { loadProduct, loadProducts, resolveCategory } from "../../lib/catalog/catalog"
import { type CatalogProduct, type LegacyProduct, matchesSearch } from "../../shared/catalog"
import type { StaffCategory } from "../../shared/dto/catalog"
import { notFound } from "./api-errors"

/** The legacy shape (spec §7) of a catalogue product. */
const legacyProduct = ({ controlled_schedule: _schedule, call_to_order: _call, ...product }: CatalogProduct): LegacyProduct => product

/** The product list: optional category (id or name) and search (name or description), paged by limit/offset. */
export async function listCatalogProducts(
  container: MedusaContainer,
  params: { category?: string; search?: string; limit?: number; offset?: number }
) {
  let categoryId: string | undefined
  if (params.category) {
    const category = await resolveCategory(container, params.category)
    if (!category) return { products: [], count: 0 }
    categoryId = category.id
  }
  const matching = (await loadProducts(container, { categoryId })).filter((p) => matchesSearch(p, params.search))
  const offset = params.offset ?? 0
  const products = matching.slice(offset, params.limit !== undefined ? offset + params.limit : undefined)
  return { products: products.map(legacyProduct), count: matching.length }
}

export async function catalogProductOr404(container: MedusaContainer, id: string): Promise<LegacyProduct> {
  const product = await loadProduct(container, id)
  if (!product) throw notFound("Product")
  return legacyProduct(product)
}

export async function catalogVariantOr404(container: MedusaContainer, productId: string, variantId: string) {
  const product = await catalogProductOr404(container, productId)
  const variant = product.variants.find((v) => v.id === variantId)
  if (!variant) throw notFound("Variant")
  return { ...variant, product: product.id }
}

/** The storefront's categories: active, public product categories of Medusa, in their rank order. */
export async function listCategories(container: MedusaContainer): Promise<StaffCategory[]> {
  const categories = await container
    .resolve(Modules.PRODUCT)
    .listProductCategories(
      { is_active: true, is_internal: false },
      { select: ["id", "name"], order: { rank: "ASC", created_at: "ASC" }, take: null }
    )
  return categories.map((c) => ({ id: c.id, name: c.name }))
}

export async function getCategory(container: MedusaContainer, id: string): Promise<StaffCategory> {
  const category = (await listCategories(container)).find((c) => c.id === id)
  if (!category) throw notFound("Category")
  return category
}
