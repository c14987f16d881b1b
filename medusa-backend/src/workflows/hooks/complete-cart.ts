/**
 * Pharmacy rules on Medusa's own cart completion (POST /store/carts/:id/complete,
 * our /api orders, and any other caller of completeCartWorkflow):
 *
 * - validate: the line rules (order/utils/order-line-rules.ts: the caps against hoarding,
 *   decision 0045; no controlled substance; prescription items only to a state served; refrigerated
 *   items only by cold chain, decision 0059), then the cart's stock is held (order/utils/stock.ts,
 *   decision 0065): not enough is refused at once; stock other orders being placed hold is waited
 *   for; so concurrent orders for the last units are refused cleanly before anything is created;
 * - beforePaymentAuthorization: the order's stock is reserved by now, so its hold is released;
 *   the next order's check sees this one's reservation instead;
 * - orderCreated: each order line's "prescription-only" is recorded and an
 *   order with a prescription-only product is put on hold before the workflow
 *   ends (so the customer's answer and the order.placed event already see it).
 *
 * Each hook takes one handler: all of completeCartWorkflow's live here.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"

import { assertOrderLineRules } from "../order/utils/order-line-rules"
import { holdStock, releaseStockHold } from "../order/utils/stock"
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
  "the stock hold release"
)
const orderCreatedHook = hookOf<{ order_id: string; cart_id: string }, CreatedHold>(
  completeCartWorkflow.hooks,
  "orderCreated",
  "the prescription hold"
)

type CartItem = { variant_id?: string | null; quantity?: unknown }
/**
 * The owner of the stock hold and its locks: this run of the workflow. Unique to it, so a lock given
 * back late by an attempt that gave up waiting (acquireStockLocks), or a hold released by a failed
 * attempt, can never be a later attempt's for the same cart.
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
    const owner = lockOwner(c.id, context)
    await holdStock(container, lines, owner)
    return new StepResponse(undefined, { owner })
  },
  async (held, { container }) => {
    if (held) await releaseStockHold(container, held.owner)
  }
)

// The order's stock is reserved: its hold ends. Payment authorization, the order's transactions and
// the prescription hold need none. Should a later step fail, the order and its reservation are
// undone: that only ever frees stock.
beforePaymentAuthorizationHook(async ({ input }, context) => {
  await releaseStockHold(context.container, lockOwner(input.id, context))
  return new StepResponse(undefined, null)
})

orderCreatedHook(
  async ({ order_id }, { container }) => {
    const { hold, undo } = await ensurePrescriptionHoldForHook(container, order_id)
    return new StepResponse(hold, undo)
  },
  async (undo, { container }) => undoPrescriptionHold(container, undo)
)
