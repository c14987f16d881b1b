/** The prescription workflows' steps, one per file (as Medusa's core-flows). */
export * from "./assert-order-reviewable"
export * from "./decide-order-review"
export * from "./decide-request"
export * from "./ensure-prescription-hold"
export * from "./record-prescription-audit"
export * from "./store-prescription-request"
