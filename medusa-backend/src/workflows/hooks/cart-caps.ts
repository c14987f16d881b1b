/**
 * The order line rules (order-line-rules.ts: caps against stock hoarding, decision 0045, and no
 * controlled substance online, issue 25) on every way a cart gets lines:
 * created with items (POST /store/carts, our /api orders), a line added
 * (POST /store/carts/:id/line-items) or a line's quantity changed
 * (POST /store/carts/:id/line-items/:line_id). Cart completion checks them
 * again (complete-cart.ts), so a cart filled any other way cannot become an
 * order over them. A refused change answers 400 with a sentence naming the limit or the product.
 *
 * Each hook takes one handler: these workflows' `validate` handlers live here.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { addToCartWorkflow, createCartWorkflow, updateLineItemInCartWorkflow } from "@medusajs/medusa/core-flows"

import type { LineQuantity } from "../order/utils/order-caps"
import { assertOrderLineRules } from "../order/utils/order-line-rules"

type CartLine = LineQuantity & { id?: string }

async function linesOfCart(container: MedusaContainer, cartId: string): Promise<CartLine[]> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "cart",
    // Medusa computes a line's quantity from its raw value: without it, quantity reads 0.
    fields: ["id", "items.id", "items.variant_id", "items.quantity", "items.raw_quantity"],
    filters: { id: cartId },
  })
  return ((data[0] as { items?: (CartLine | null)[] | null } | undefined)?.items ?? []).filter((item): item is CartLine => !!item)
}

createCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  await assertOrderLineRules(container, ((cart as { items?: (CartLine | null)[] | null }).items ?? []) as CartLine[])
})

// The workflow holds the cart's lock, so the lines read here are the ones the new items join.
addToCartWorkflow.hooks.validate(async ({ input }, { container }) => {
  const added = (input.items ?? []) as CartLine[]
  await assertOrderLineRules(container, [...(await linesOfCart(container, input.cart_id)), ...added])
})

updateLineItemInCartWorkflow.hooks.validate(async ({ input }, { container }) => {
  const quantity = input.update?.quantity
  const lines = await linesOfCart(container, input.cart_id)
  await assertOrderLineRules(
    container,
    lines.map((line) => (line.id === input.item_id && quantity !== undefined ? { ...line, quantity } : line))
  )
})
