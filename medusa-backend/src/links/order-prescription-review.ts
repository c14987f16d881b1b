import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"

import PrescriptionModule from "../modules/prescription"

/** order.order_prescription_review: the prescription hold of an order with Rx products. */
export default defineLink(OrderModule.linkable.order, PrescriptionModule.linkable.orderPrescriptionReview)
