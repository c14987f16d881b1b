/**
 * Pharmacy rules on Medusa's own cart completion (POST /store/carts/:id/complete,
 * our /api orders, and any other caller of completeCartWorkflow):
 *
 * - validate: the line rules (order/utils/order-line-rules.ts: the caps against hoarding,
 *   decision 0045; no controlled substance; prescription items only to a state served; refrigerated
 *   items only by cold chain, decision 0059), then the cart's stock is read: not enough is refused
 *   at once, without waiting in line; otherwise the cart's variants are locked and their stock
 *   re-read, so concurrent orders for the last units are refused cleanly (order/utils/stock.ts);
 * - beforePaymentAuthorization: the order's stock is reserved by now, so the stock locks are
 *   released; the next order's check under them sees this one's reservation (decision 0018);
 * - orderCreated: each order line's "prescription-only" is recorded and an
 *   order with a prescription-only product is put on hold before the workflow
 *   ends (so the customer's answer and the order.placed event already see it).
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
type HookContext = { container: MedusaContainer; runId?: string; transactionId?: string }
/**
 * A hook completeCartWorkflow declares but leaves out of its public types:
 * beforePaymentAuthorization (after the stock is reserved) and orderCreated (after the order is created).
 */
type UndeclaredHook<Input, Undo> = (
  invoke: (input: Input, context: HookContext) => Promise<StepResponse<unknown, Undo>>,
  compensate?: (undo: Undo | undefined, context: HookContext) => Promise<void>
) => void
function hookOf<Input, Undo>(hooks: object, name: string, attaches: string): UndeclaredHook<Input, Undo> {
  const hook = (hooks as Record<string, unknown>)[name]
  if (typeof hook !== "function") {
    throw new Error(`completeCartWorkflow has no ${name} hook: ${attaches} cannot be attached (Medusa upgrade?)`)
  }
  return hook as UndeclaredHook<Input, Undo>
}
const beforePaymentAuthorizationHook = hookOf<{ input: { id: string } }, null>(
  completeCartWorkflow.hooks,
  "beforePaymentAuthorization",
  "the stock lock release"
)
const orderCreatedHook = hookOf<{ order_id: string; cart_id: string }, CreatedHold>(
  completeCartWorkflow.hooks,
  "orderCreated",
  "the prescription hold"
)

type CartItem = { variant_id?: string | null; quantity?: unknown }
/**
 * The stock locks' owner: this run of the workflow. Unique to it, so a lock given back late by an
 * attempt that gave up waiting (acquireStockLocks) can never be a later attempt's for the same cart.
 */
const lockOwner = (cartId: string, { runId, transactionId }: HookContext) => `complete-cart:${cartId}:${runId ?? transactionId}`

completeCartWorkflow.hooks.validate(
  async ({ cart }, context) => {
    const { container } = context
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
    // Not enough stock even before waiting in line (sold out): refused at once.
    await checkLinesInStock(container, lines)
    const keys = stockLockKeys(lines.map((line) => line.variant_id))
    const owner = lockOwner(c.id, context)
    await acquireStockLocks(container, keys, owner)
    try {
      await checkLinesInStock(container, lines)
    } catch (error) {
      await releaseStockLocks(container, keys, owner)
      throw error
    }
    return new StepResponse(undefined, { keys, owner })
  },
  async (held, { container }) => {
    if (held) await releaseStockLocks(container, held.keys, held.owner)
  }
)

// Payment authorization, the order's transactions and the prescription hold need no stock lock.
// Should a later step fail, the order and its reservation are undone: that only ever frees stock.
beforePaymentAuthorizationHook(async ({ input }, context) => {
  const query = context.container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["items.variant_id"], filters: { id: input.id } })
  const variantIds = ((data[0] as { items?: ({ variant_id?: string | null } | null)[] } | undefined)?.items ?? []).map((i) => i?.variant_id)
  await releaseStockLocks(context.container, stockLockKeys(variantIds), lockOwner(input.id, context))
  return new StepResponse(undefined, null)
})

orderCreatedHook(
  async ({ order_id }, { container }) => {
    const { hold, undo } = await ensurePrescriptionHoldForHook(container, order_id)
    return new StepResponse(hold, undo)
  },
  async (undo, { container }) => undoPrescriptionHold(container, undo)
)
