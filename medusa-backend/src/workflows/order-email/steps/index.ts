/** The order email workflows' steps, one per file (as Medusa's core-flows). */
export * from "./build-order-email"
export * from "./send-notification-once"
