/** The order workflows' steps, one per file (as Medusa's core-flows). */
export * from "./assert-order-cancelable"
export * from "./assert-order-still-unpaid"
export * from "./check-expected-totals"
export * from "./check-order-items"
export * from "./plan-order-payment"
export * from "./plan-order-shipment"
export * from "./record-cancel-reason"
export * from "./record-checkout-cart"
