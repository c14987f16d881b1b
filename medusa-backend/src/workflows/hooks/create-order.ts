/**
 * Orders made by Medusa's createOrderWorkflow rather than from a cart: draft
 * orders created in Medusa Admin (POST /admin/draft-orders) and any plugin that
 * creates orders directly. Before the workflow ends (decision 0045):
 *
 * - the caps against hoarding hold for their lines too, and (not for a draft, whose shipping is
 *   still being chosen: its fulfilment is checked) refrigerated lines ship only by cold chain;
 * - each line's "prescription-only" is recorded; an order that is not a draft
 *   is also held for prescription review here (a draft is held when it is
 *   converted: the order.placed subscriber).
 *
 * The workflow's only hook after the order exists is `orderCreated`; its one handler lives here.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"

import { assertOrderLineRules } from "../order/utils/order-line-rules"
import { ensurePrescriptionHoldForHook, undoPrescriptionHold } from "../prescription/steps/ensure-prescription-hold"

createOrderWorkflow.hooks.orderCreated(
  async ({ order }, { container }) => {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      // An order line's quantity comes from its detail row (order_item).
      fields: [
        "id",
        "is_draft_order",
        "shipping_address.province",
        "shipping_methods.shipping_option_id",
        "items.variant_id",
        "items.quantity",
        "items.raw_quantity",
        "items.detail.raw_quantity",
      ],
      filters: { id: (order as { id: string }).id },
    })
    const row = data[0] as {
      id: string
      is_draft_order?: boolean
      shipping_address?: { province?: string | null } | null
      shipping_methods?: ({ shipping_option_id?: string | null } | null)[] | null
      items?: { variant_id?: string | null; quantity?: unknown }[] | null
    }
    // A draft's address may still change: the fulfilment gate checks its state (create-order-fulfillment.ts).
    await assertOrderLineRules(
      container,
      row.items ?? [],
      row.is_draft_order ? undefined : (row.shipping_address ?? null),
      row.is_draft_order ? undefined : (row.shipping_methods ?? []).map((method) => method?.shipping_option_id)
    )
    const { hold, undo } = await ensurePrescriptionHoldForHook(container, row.id, { record_only: !!row.is_draft_order })
    return new StepResponse(hold, undo)
  },
  async (undo, { container }) => undoPrescriptionHold(container, undo)
)
