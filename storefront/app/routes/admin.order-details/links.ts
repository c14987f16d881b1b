export const ORDER_DETAILS_PATH = "/admin/order-details"

/** Statuses after which an order can be neither paid nor canceled. */
export const CLOSED = new Set(["canceled", "prescription_rejected"])

export const orderHref = (id: string, extra = "") => `${ORDER_DETAILS_PATH}?id=${encodeURIComponent(id)}${extra}`
