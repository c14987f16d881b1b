/**
 * The pharmacy's rule, read from an order's own lines: an order that contains
 * a prescription-only product is held for a pharmacist, and may not ship until
 * its prescription review is approved. Used by the hold (cart completion and
 * order events) and by the fulfilment gate (src/workflows/hooks).
 *
 * Fails closed: a line whose product can no longer be found (even among
 * deleted products) counts as prescription-only. Lines without a product
 * (custom items added by ops) are not products of the catalogue and do not.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { readProductFlags } from "../../../lib/product-flags"

export type PrescriptionReviewStatus = "pending" | "approved" | "rejected"

export type OrderPrescriptionState = {
  order_id: string
  requires_prescription: boolean
  review: { id: string; status: PrescriptionReviewStatus } | null
}

export async function orderPrescriptionState(container: MedusaContainer, orderId: string): Promise<OrderPrescriptionState> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "items.id", "items.product_id", "order_prescription_review.id", "order_prescription_review.status"],
    filters: { id: orderId },
  })
  const order = data[0] as
    | { id: string; items?: ({ product_id?: string | null } | null)[] | null; order_prescription_review?: { id: string; status: PrescriptionReviewStatus } | null }
    | undefined
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  const productIds = [...new Set((order.items ?? []).map((item) => item?.product_id).filter((id): id is string => !!id))]
  return {
    order_id: order.id,
    requires_prescription: await anyPrescriptionOnly(container, productIds),
    review: order.order_prescription_review ?? null,
  }
}

/** True when any of these products is prescription-only, or cannot be found at all. */
export async function anyPrescriptionOnly(container: MedusaContainer, productIds: string[]): Promise<boolean> {
  if (!productIds.length) return false
  const products = await container
    .resolve(Modules.PRODUCT)
    .listProducts({ id: productIds }, { select: ["id", "metadata"], withDeleted: true, take: null })
  if (products.length < productIds.length) return true
  return products.some((product) => readProductFlags(product.metadata).prescription)
}

/** Refuses (not_allowed) to ship an order whose prescription review is not approved. */
export function assertMayShip(state: OrderPrescriptionState) {
  if (!state.requires_prescription || state.review?.status === "approved") return
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    state.review?.status === "rejected"
      ? "This order's prescription was rejected; it cannot be fulfilled."
      : "This order contains a prescription-only product and cannot be fulfilled until a pharmacist approves its prescription."
  )
}
