/**
 * The order a shopper placed, as the confirmation shows it: read from the answer of the cart's
 * completion (`POST /store/carts/{id}/complete?fields=...`), never by id afterwards. The Store
 * API's order routes are closed (decision 0046): the shop has no customer accounts, so nobody
 * could prove an order is theirs. Its public number (`custom_display_id`) is given by the
 * pharmacy's rules inside Medusa's order workflow (decision 0034).
 *
 * After the order (issue 23, decision 0050), a guest reaches it only through the signed status
 * link of their emails: its token opens `GET /store/order-status/{token}`; right after checkout
 * the backend answers the token of the order a cart just became; "Find my order" emails a new
 * link. Every call is made for a shopper and carries their address (`shopperHeaders`), so the
 * backend's per-client limits count the shopper, not the storefront.
 */
import type { HttpTypes } from "@medusajs/types"
import type { OrderStatusDocument, OrderStatusView, PlacedOrderStatus } from "@shared/dto/order-status"
import { toCents } from "@shared/order-totals"
import type { OrderLookupInput } from "@shared/schemas/order-lookup"

import { MedusaApiError, sdk } from "~/lib/medusa.server"

/** Headers of a backend call made for a shopper (app/lib/shopper.server.ts): their address. */
type ShopperHeaders = Record<string, string>

/** What the completion answers of the order: the confirmation's fields and the lines (to recognise a retry). */
export const PLACED_ORDER_FIELDS = "id,display_id,custom_display_id,email,total,*shipping_address,*items"

export type PlacedOrder = {
  id: string
  /** The public order number (HH-XXXX-XXXX). */
  number: string
  email: string
  /** Dollars. */
  total: number
  shipping_address: HttpTypes.StoreOrderAddress | null
  /** Variant and quantity of each line. */
  lines: { variant_id: string; quantity: number }[]
}

/** The completion's order (asked with PLACED_ORDER_FIELDS) as the pages use it. */
export function placedOrderOf(order: HttpTypes.StoreOrder): PlacedOrder {
  // custom_display_id is one of Medusa's order fields (2.10+); HttpTypes omit it.
  const number = (order as { custom_display_id?: string | null }).custom_display_id
  return {
    id: order.id,
    number: number || String(order.display_id ?? order.id),
    email: order.email ?? "",
    total: toCents(order.total) / 100,
    shipping_address: order.shipping_address ?? null,
    lines: (order.items ?? []).map((item) => ({ variant_id: item.variant_id ?? "", quantity: item.quantity })),
  }
}

/**
 * The order status link's token (decision 0050: `<order id>.<expiry>.<key version>.<mac>`), as far
 * as its shape goes: what the storefront accepts in a URL or its cookie before asking the backend,
 * which alone decides whether it opens anything. Anything else is not sent anywhere.
 */
const STATUS_TOKEN = /^[A-Za-z0-9_-]{1,100}\.\d{1,12}\.\d{1,9}\.[A-Za-z0-9_-]{43}$/

export const isStatusToken = (value: unknown): value is string => typeof value === "string" && STATUS_TOKEN.test(value)

/** A status read is a quick one; the confirmation page does not wait longer for its extra block. */
const STATUS_TIMEOUT_MS = 5_000

/**
 * An order's status through its link (`GET /store/order-status/{token}`, issue 23). Throws the
 * backend's refusal as a MedusaApiError: 404 `not_found` for every token that opens nothing,
 * 429 (with `retryAfter`) when this shopper read too many; or a failure with no answer.
 */
export async function orderStatusByToken(token: string, headers: ShopperHeaders): Promise<OrderStatusView> {
  const { order } = await sdk.client.fetch<{ order: OrderStatusView }>(`/store/order-status/${encodeURIComponent(token)}`, {
    headers,
    signal: AbortSignal.timeout(STATUS_TIMEOUT_MS),
  })
  return order
}

/**
 * Right after checkout: the status link's token and view of the order placed from `cartId`
 * (`GET /store/order-status/carts/{cart_id}`), which the backend answers only within Medusa's
 * completed-cart grace period; null when it does not know one (404) or its answer is no token.
 */
export async function placedOrderStatus(cartId: string, headers: ShopperHeaders): Promise<PlacedOrderStatus | null> {
  try {
    const placed = await sdk.client.fetch<PlacedOrderStatus>(`/store/order-status/carts/${encodeURIComponent(cartId)}`, {
      headers,
      signal: AbortSignal.timeout(STATUS_TIMEOUT_MS),
    })
    return isStatusToken(placed?.token) ? placed : null
  } catch (error) {
    if (error instanceof MedusaApiError && error.status === 404) return null
    throw error
  }
}

/**
 * "Find my order" (`POST /store/order-status/lookup`): asks the backend to email the order's status
 * link when the number and email match one. The backend answers 202 with one message, matched or
 * not, so there is nothing to read from it. Throws a MedusaApiError for 400 `invalid_data` and 429
 * (with `retryAfter`: limited per shopper and per email, so the caller passes `shopperHeaders(context)`).
 */
export async function requestOrderStatusLink(input: OrderLookupInput, headers: ShopperHeaders): Promise<void> {
  await sdk.client.fetch<unknown>("/store/order-status/lookup", { method: "POST", body: input, headers })
}

/** An upload is up to 10 MB: the backend may take a while to receive, encrypt and store it. */
const UPLOAD_TIMEOUT_MS = 60_000

/**
 * The patient's prescription document for an order awaiting review, sent through its status link
 * (`POST /store/order-status/{token}/documents`, multipart, one file `document`; issue 24). The
 * backend checks the type from the content, the size and the order's state; its refusals (400,
 * 404, 409, 413, 415, 429) are thrown as a MedusaApiError with their message.
 */
export async function uploadPrescriptionDocument(token: string, file: File, headers: ShopperHeaders): Promise<OrderStatusDocument> {
  const form = new FormData()
  form.append("document", file, file.name)
  const { document } = await sdk.client.fetch<{ document: OrderStatusDocument }>(
    `/store/order-status/${encodeURIComponent(token)}/documents`,
    {
      method: "POST",
      body: form,
      // FormData: fetch sets the multipart boundary.
      headers: { ...headers, "content-type": null },
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    } as Parameters<typeof sdk.client.fetch>[1]
  )
  return document
}
