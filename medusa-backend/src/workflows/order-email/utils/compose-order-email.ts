/**
 * What each customer email of an order says (issue 23), from the order as it stands when the
 * email is built (`OrderEmailFacts`: the order status page's view). An email whose moment has
 * passed (a reminder for an order paid since, an approval reopened, a shipment canceled) composes
 * to null and is not sent. Words only: the layout is render-order-email.ts.
 */
import type { OrderEmailFacts } from "../../../lib/orders/order-email-facts"
import type { OrderStatusView } from "../../../shared/dto/order-status"
import { NO_PAYMENT_BLOCK_TEXT, type PaymentBlock } from "../../../shared/payment-block"
import { formatShipDate } from "../../../shared/ship-date"
import { STORE } from "../../../shared/store-constants"
import type { OrderEmailRequest } from "./email-kinds"
import type { OrderEmailFactsBlock, OrderEmailMessage } from "./render-order-email"

const orderName = (number: string) => `${STORE.name} order ${number}`

const howToPay = (payment: PaymentBlock): OrderEmailFactsBlock => ({
  title: `How to pay with ${payment.method}`,
  intro: payment.instruction,
  rows: [
    ["Amount", payment.amount_text],
    ["Pay to", payment.pay_to],
    ["Memo", payment.memo],
    ["Pay by", payment.pay_by_text],
  ],
})

const isDone = (view: OrderStatusView, kind: OrderStatusView["timeline"][number]["kind"]) =>
  view.timeline.some((step) => step.kind === kind && step.done)

const PRESCRIPTION_NOTE =
  "Prescription medicines ship after one of our pharmacists has reviewed the order; we will contact you if we need anything."

/** After a payment or an approval: what the order still waits for. */
function whatIsNext(view: OrderStatusView): string {
  const review = view.prescription_review?.state
  if (review && review !== "approved")
    return "A pharmacist reviews the prescription items of your order; we ship it once they are approved."
  if (!isDone(view, "paid")) return "We ship your order as soon as your payment has arrived."
  return "We are preparing your order for shipping and will email you its tracking number when it ships."
}

export function composeOrderEmail(request: OrderEmailRequest, facts: OrderEmailFacts): OrderEmailMessage | null {
  const { view } = facts
  const number = facts.order_number
  const canceled = !!view.canceled

  switch (request.kind) {
    case "order-confirmation": {
      const payment = view.payment
      const hasRx = !!view.prescription_review
      // The option chosen at checkout and its expected ship date (decision 0059).
      const shipping = facts.shipping
        ? [`Shipping: ${facts.shipping.name}, expected to ship ${formatShipDate(facts.shipping.ship_date, new Date(view.placed_at))}.`]
        : []
      return {
        subject: `Your ${orderName(number)}`,
        headline: `Thank you for your order ${number}.`,
        paragraphs: [
          ...shipping,
          ...(payment ? [] : isDone(view, "paid") ? ["We have received your payment."] : [`How to pay: ${NO_PAYMENT_BLOCK_TEXT}`]),
        ],
        block: payment ? howToPay(payment) : undefined,
        next_steps: payment ? payment.next_steps : hasRx ? [PRESCRIPTION_NOTE] : [],
      }
    }
    case "payment-received":
      return {
        subject: `Payment received: ${orderName(number)}`,
        headline: `We have received your payment for order ${number}. Thank you!`,
        paragraphs: [canceled ? view.canceled!.text : whatIsNext(view)],
        show_ship_to: !canceled,
      }
    case "prescription-approved":
      if (canceled || view.prescription_review?.state !== "approved") return null
      return {
        subject: `Update on your ${orderName(number)}`,
        headline: `A pharmacist has approved the prescription items of your order ${number}.`,
        paragraphs: [whatIsNext(view)],
        block: view.payment ? howToPay(view.payment) : undefined,
      }
    case "prescription-needs-information": {
      const review = view.prescription_review
      if (canceled || review?.state !== "needs_information" || !review.message) return null
      return {
        subject: `Action needed: your ${orderName(number)}`,
        headline: `A pharmacist needs more information from you for order ${number}.`,
        paragraphs: [
          "Please reply to this email with what the pharmacist asks for below. Your order stays on hold until then: " +
            "nothing ships before a pharmacist approves it.",
        ],
        quote: { title: "The pharmacist's message", text: review.message },
      }
    }
    case "order-shipped": {
      const shipment = request.ref ? facts.shipment(request.ref) : null
      if (!shipment?.shipped_at && !shipment?.delivered_at) return null
      return {
        subject: `Your ${orderName(number)} has shipped`,
        headline: `Your order ${number} is on its way.`,
        block: {
          title: "Tracking",
          rows: [
            ["Carrier", shipment.carrier],
            ...(shipment.tracking_number ? [["Tracking number", shipment.tracking_number] as [string, string]] : []),
          ],
          link: shipment.tracking_url ? { label: "Track your package", url: shipment.tracking_url } : undefined,
        },
      }
    }
    case "order-delivered": {
      const shipment = request.ref ? facts.shipment(request.ref) : null
      if (!shipment?.delivered_at) return null
      return {
        subject: `Your ${orderName(number)} was delivered`,
        headline: `Your order ${number} was delivered.`,
        paragraphs: [
          "Please store your medicines as their labels say (insulin and GLP-1 pens in the refrigerator) and reply to this " +
            "email if anything is missing, damaged or was not kept cold.",
        ],
      }
    }
    case "payment-reminder": {
      const payment = view.payment
      if (!payment) return null
      return {
        subject: `Payment reminder: ${orderName(number)}`,
        headline: `We have not received the payment for your order ${number} yet.`,
        paragraphs: [`Unless it arrives by ${payment.pay_by_text}, the order is canceled automatically.`],
        block: howToPay(payment),
        next_steps: payment.next_steps,
      }
    }
    case "order-canceled":
      if (!view.canceled) return null
      return {
        subject: `Your ${orderName(number)} was canceled`,
        headline: `Your order ${number} was canceled.`,
        paragraphs: [view.canceled.text],
        show_ship_to: false,
      }
    case "order-status-link":
      return {
        subject: `Your link to ${orderName(number)}`,
        headline: `Here is the link to your order ${number}. It stands at: ${view.status_text}.`,
        paragraphs: [
          "You asked for it on our site, or our team sent it to you. If you did not ask for it, you can ignore this email: " +
            "the link shows only this order, and we never ask for a password or payment details through it.",
        ],
        block: view.payment ? howToPay(view.payment) : undefined,
        show_ship_to: !canceled,
      }
  }
}
