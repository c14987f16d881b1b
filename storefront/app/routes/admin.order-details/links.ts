export const ORDER_DETAILS_PATH = "/admin/order-details"

/** The longest order ID the page reads (search box, forms). */
export const ORDER_ID_MAX = 100

/** Statuses after which an order can be neither paid nor canceled. */
export const CLOSED = new Set(["canceled", "prescription_rejected"])

export const orderHref = (id: string, extra = "") => `${ORDER_DETAILS_PATH}?id=${encodeURIComponent(id)}${extra}`
