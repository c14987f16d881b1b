import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import CheckoutModule from "../modules/checkout"

/** order.checkout_order: the public order number and idempotency record of an order. */
export default defineLink(OrderModule.linkable.order, CheckoutModule.linkable.checkoutOrder)
