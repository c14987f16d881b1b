// The totals rule lives in src/shared (the storefront shows Medusa cart totals with it too).
export * from "../shared/order-totals"
