/**
 * The caps against stock hoarding (src/lib/orders/order-caps.ts) applied to a cart's
 * or an order's lines, for the hooks of Medusa's cart and order workflows.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

import { type ControlledSchedule, readControlledSchedule, readProductFlags } from "../../../lib/catalog/product-flags"
import { backendConfig } from "../../../lib/config"
import { orderCapViolation } from "../../../lib/orders/order-caps"

export type LineQuantity = { variant_id?: string | null; quantity?: unknown }

/** What the order rules need of a line's product. */
export type LineProduct = {
  title: string | null
  prescription: boolean
  controlled_schedule: ControlledSchedule | null
  /** Ships only by cold chain (decision 0059). */
  refrigerated: boolean
}

/** The products of these lines' variants, by variant id (one Query read). */
export async function readLineProducts(
  container: MedusaContainer,
  lines: (LineQuantity | null | undefined)[]
): Promise<Map<string, LineProduct>> {
  const variantIds = [...new Set(lines.map((line) => line?.variant_id).filter((id): id is string => !!id))]
  const products = new Map<string, LineProduct>()
  if (!variantIds.length) return products
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "product_variant",
    fields: ["id", "product.title", "product.metadata"],
    filters: { id: variantIds },
    // A variant deleted since it was ordered keeps its product's flags: its order still ships (cold chain or not).
    withDeleted: true,
  })
  for (const row of data as { id: string; product?: { title?: string | null; metadata?: Record<string, unknown> | null } | null }[]) {
    const flags = readProductFlags(row.product?.metadata)
    products.set(row.id, {
      title: row.product?.title ?? null,
      prescription: flags.prescription,
      refrigerated: flags.refrigerated,
      controlled_schedule: readControlledSchedule(row.product?.metadata),
    })
  }
  return products
}

/** Refuses (invalid_data, 400) lines over a cap, with a sentence naming the limit. */
export async function assertWithinOrderCaps(
  container: MedusaContainer,
  lines: (LineQuantity | null | undefined)[],
  caps = backendConfig().orderCaps,
  products?: Map<string, LineProduct>
) {
  const present = lines.filter((line): line is LineQuantity => !!line)
  const variants = products ?? (await readLineProducts(container, present))
  const violation = orderCapViolation(
    present.map((line, index) => {
      const variant = line.variant_id ? variants.get(line.variant_id) : undefined
      return {
        // Custom lines (no variant) count towards the order's total only.
        variant_id: line.variant_id ?? `custom:${index}`,
        quantity: Number(line.quantity),
        // A variant that cannot be found counts as prescription-only (fails closed).
        prescription: line.variant_id ? (variant?.prescription ?? true) : false,
        product_title: variant?.title,
      }
    }),
    caps
  )
  if (violation) throw new MedusaError(MedusaError.Types.INVALID_DATA, violation)
}
