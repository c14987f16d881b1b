/** One lock per order for what depends on whether it is paid: marking it paid, and canceling it for non-payment. */
export const orderPaymentLockKey = (orderId: string) => `order-payment:${orderId}`
