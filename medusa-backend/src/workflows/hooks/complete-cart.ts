/**
 * Pharmacy rules on Medusa's own cart completion (POST /store/carts/:id/complete,
 * our /api orders, and any other caller of completeCartWorkflow):
 *
 * - validate: the line rules (order/utils/order-line-rules.ts: the caps against hoarding,
 *   decision 0045; no controlled substance; prescription items only to a state served; refrigerated
 *   items only by cold chain, decision 0059), then the cart's variants are
 *   locked and their stock re-read, so concurrent orders for the last units are
 *   refused cleanly (order/utils/stock.ts);
 * - orderCreated: each order line's "prescription-only" is recorded and an
 *   order with a prescription-only product is put on hold before the workflow
 *   ends (so the customer's answer and the order.placed event already see it);
 *   then the stock locks are released.
 *
 * Each hook takes one handler: all of completeCartWorkflow's live here.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"

import { assertOrderLineRules } from "../order/utils/order-line-rules"
import { acquireStockLocks, checkLinesInStock, releaseStockLocks, stockLockKeys } from "../order/utils/stock"
import { ensurePrescriptionHoldForHook, type HoldUndo, undoPrescriptionHold } from "../prescription/steps/ensure-prescription-hold"

type CreatedHold = HoldUndo
/** completeCartWorkflow declares this hook (after the order is created) but leaves it out of its public types. */
type OrderCreatedHook = (
  invoke: (
    input: { order_id: string; cart_id: string },
    context: { container: MedusaContainer }
  ) => Promise<StepResponse<unknown, CreatedHold>>,
  compensate: (created: CreatedHold | undefined, context: { container: MedusaContainer }) => Promise<void>
) => void
function orderCreatedHookOf(hooks: object): OrderCreatedHook {
  if (!("orderCreated" in hooks) || typeof hooks.orderCreated !== "function") {
    throw new Error("completeCartWorkflow has no orderCreated hook: the prescription hold cannot be attached (Medusa upgrade?)")
  }
  return hooks.orderCreated as OrderCreatedHook
}
const orderCreatedHook = orderCreatedHookOf(completeCartWorkflow.hooks)

type CartItem = { variant_id?: string | null; quantity?: unknown }
const lockOwner = (cartId: string) => `complete-cart:${cartId}`

completeCartWorkflow.hooks.validate(
  async ({ cart }, { container }) => {
    const c = cart as {
      id: string
      completed_at?: unknown
      items?: (CartItem | null)[] | null
      shipping_address?: { province?: string | null } | null
      shipping_methods?: ({ shipping_option_id?: string | null } | null)[] | null
    }
    // Completing a completed cart returns its order: nothing new is created or locked.
    if (c.completed_at) return new StepResponse(undefined, null)
    const shippingOptionIds = (c.shipping_methods ?? []).map((method) => method?.shipping_option_id)
    await assertOrderLineRules(container, c.items ?? [], c.shipping_address ?? null, shippingOptionIds)
    const lines = (c.items ?? [])
      .filter((item): item is CartItem & { variant_id: string } => !!item?.variant_id)
      .map((item) => ({ variant_id: item.variant_id, quantity: Number(item.quantity) }))
    const keys = stockLockKeys(lines.map((line) => line.variant_id))
    await acquireStockLocks(container, keys, lockOwner(c.id))
    try {
      await checkLinesInStock(container, lines)
    } catch (error) {
      await releaseStockLocks(container, keys, lockOwner(c.id))
      throw error
    }
    return new StepResponse(undefined, { keys, owner: lockOwner(c.id) })
  },
  async (held, { container }) => {
    if (held) await releaseStockLocks(container, held.keys, held.owner)
  }
)

orderCreatedHook(
  async ({ order_id, cart_id }, { container }) => {
    const { hold, undo } = await ensurePrescriptionHoldForHook(container, order_id)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "order", fields: ["items.variant_id"], filters: { id: order_id } })
    const variantIds = ((data[0] as { items?: ({ variant_id?: string | null } | null)[] } | undefined)?.items ?? []).map(
      (i) => i?.variant_id
    )
    await releaseStockLocks(container, stockLockKeys(variantIds), lockOwner(cart_id))
    return new StepResponse(hold, undo)
  },
  async (undo, { container }) => undoPrescriptionHold(container, undo)
)
