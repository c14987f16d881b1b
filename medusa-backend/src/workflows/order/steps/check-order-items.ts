import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sellableQuantity, VARIANT_STOCK_FIELDS, type VariantStockRow } from "../../../lib/inventory"
import { readProductFlags } from "../../../lib/product-flags"

type VariantRow = VariantStockRow & {
  id: string
  title: string | null
  product_id: string | null
  product?: { title: string; status: string; metadata: Record<string, unknown> | null } | null
}

export type OrderItemInput = { product_id: string; variant_id: string; quantity: number }

/**
 * Checks an order's lines before a cart is built, for messages a customer can
 * act on: unknown or mismatched ids, unpublished products, not enough stock.
 * Medusa checks stock again, under a lock, when it reserves it at completion.
 */
export const checkOrderItemsStep = createStep(
  "check-order-items",
  async (input: { items: OrderItemInput[] }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const ids = [...new Set(input.items.map((item) => item.variant_id))]
    const { data } = await query.graph({
      entity: "product_variant",
      fields: ["id", "title", "product_id", "product.title", "product.status", "product.metadata", ...VARIANT_STOCK_FIELDS],
      filters: { id: ids },
    })
    const variants = new Map((data as VariantRow[]).map((v) => [v.id, v]))

    const wanted = new Map<string, number>()
    for (const item of input.items) {
      const variant = variants.get(item.variant_id)
      if (!variant || !variant.product) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, `Unknown product variant: ${item.variant_id}`)
      }
      if (variant.product_id !== item.product_id) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `Variant ${item.variant_id} does not belong to product ${item.product_id}`
        )
      }
      if (variant.product.status !== "published") {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `${variant.product.title} is no longer available`)
      }
      wanted.set(variant.id, (wanted.get(variant.id) ?? 0) + item.quantity)
    }

    let requiresPrescription = false
    for (const [variantId, quantity] of wanted) {
      const variant = variants.get(variantId)!
      const available = sellableQuantity(variant)
      if (quantity > available) {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Not enough stock for ${variant.product!.title} (${variant.title}): ${available} available`
        )
      }
      requiresPrescription ||= readProductFlags(variant.product!.metadata).prescription
    }
    return new StepResponse({ requires_prescription: requiresPrescription })
  }
)
