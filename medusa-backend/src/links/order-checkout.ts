import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"

import CheckoutModule from "../modules/checkout"

/** order.checkout_order: the legacy /api submission an order came from (idempotency key, verbatim address). */
export default defineLink(OrderModule.linkable.order, CheckoutModule.linkable.checkoutOrder)
