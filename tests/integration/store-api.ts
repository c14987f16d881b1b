/**
 * Medusa's own Store and Admin APIs of the backend under test, called as any
 * Medusa storefront or Medusa Admin would (plain fetch), for the tests of the
 * rules that must hold on every path to an order.
 */
import { DEV_ADMIN } from "../../medusa-backend/src/scripts/seed/admin-credentials"
import { displayTotals } from "../../medusa-backend/src/shared/order-totals"
import { totp } from "../support/totp"
import { type ApiAnswer, apiCaller, type Call, totpSecrets } from "./api-helpers"
import type { StoreSetup } from "./helpers"

type Api = { defaults: { baseURL?: string } }

export const US_ADDRESS = {
  first_name: "Pat",
  last_name: "Lee",
  address_1: "12 Elm Street",
  city: "Springfield",
  province: "Illinois",
  postal_code: "62704",
  country_code: "us",
  phone: "555-123-4567",
}

/** Calls under /store with the storefront's publishable key. */
export function storeCaller(api: Api, publishableKey: string) {
  const call = apiCaller(api)
  return <T = any>(method: string, path: string, json?: unknown): Promise<ApiAnswer<T>> =>
    call<T>(method, path, { json, headers: { "x-publishable-api-key": publishableKey } })
}

/**
 * Signs in to Medusa's own admin API (as Medusa Admin does: with the code step when the account
 * has two-step sign-in) and calls it with the token.
 */
export async function adminCaller(api: Api, credentials = DEV_ADMIN) {
  const call = apiCaller(api)
  const signIn = await call("POST", "/auth/user/emailpass", { json: { email: credentials.email, password: credentials.password } })
  if (signIn.status !== 200) throw new Error(`Admin sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`)
  let token = signIn.body.token as string
  if (signIn.body.mfa_required) {
    const secret = totpSecrets.get(credentials.email.toLowerCase())
    if (!secret) throw new Error(`${credentials.email} has two-step sign-in, but these tests do not know its secret`)
    const verified = await call("POST", `/auth/mfa/challenges/${signIn.body.mfa_challenge.id}/verify`, {
      json: { method: "totp", code: totp(secret) },
      headers: { authorization: `Bearer ${token}` },
    })
    if (verified.status !== 200) throw new Error(`Admin sign-in code refused: ${verified.status} ${JSON.stringify(verified.body)}`)
    token = verified.body.token as string
  }
  return <T = any>(method: string, path: string, json?: unknown): Promise<ApiAnswer<T>> =>
    call<T>(method, path, { json, headers: { authorization: `Bearer ${token}` } })
}

export type StoreCall = ReturnType<typeof storeCaller>
export type AdminCall = Awaited<ReturnType<typeof adminCaller>>

/** A guest's order of these lines through the Store API (checkoutThroughStoreApi), with the cart it came from. */
export async function placeStoreOrder<Order>(
  store: StoreCall,
  regionId: string,
  lines: { variant_id: string; quantity: number }[],
  email?: string
): Promise<Order & { cartId: string }> {
  const { cartId, completed } = await checkoutThroughStoreApi(store, { region_id: regionId, lines, email })
  if (completed.body.type !== "order") throw new Error(`No order: ${completed.status} ${JSON.stringify(completed.body)}`)
  return { ...(completed.body.order as Order), cartId }
}

/** A guest's order of `quantity` units of one variant through the Store API (checkoutThroughStoreApi), asserted placed. */
export async function placeOneLineOrder(store: StoreCall, regionId: string, variantId: string, quantity: number, email?: string) {
  const { completed } = await checkoutThroughStoreApi(store, { region_id: regionId, lines: [{ variant_id: variantId, quantity }], email })
  expect(completed.body.type).toBe("order")
  return completed.body.order as { id: string; custom_display_id: string }
}

type StoreCheckoutInput = {
  region_id: string
  lines: { variant_id: string; quantity: number }[]
  provider_id?: string
  email?: string
  promo_codes?: string[]
  /** US_ADDRESS (Illinois) unless given. */
  shipping_address?: typeof US_ADDRESS
  /** The shipping option's name: "Standard Shipping" unless given. */
  shipping?: string
}

/**
 * A guest checkout through the Store API, step by step as Medusa's storefront
 * starters do it: cart, address, standard shipping, a payment session with a
 * manual provider, completion. Answers the completion's response.
 */
export async function checkoutThroughStoreApi(store: StoreCall, input: StoreCheckoutInput) {
  const cartId = await cartReadyToComplete(store, input)
  const completed = await store("POST", `/store/carts/${cartId}/complete`)
  return { cartId, completed }
}

/** checkoutThroughStoreApi up to the completion: the id of a cart ready to complete. */
export async function cartReadyToComplete(store: StoreCall, input: StoreCheckoutInput) {
  const created = await store("POST", "/store/carts", {
    region_id: input.region_id,
    email: input.email ?? "store.buyer@example.com",
    items: input.lines,
    shipping_address: input.shipping_address ?? US_ADDRESS,
    billing_address: input.shipping_address ?? US_ADDRESS,
    ...(input.promo_codes ? { promo_codes: input.promo_codes } : {}),
  })
  if (created.status !== 200) throw new Error(`Cart not created: ${created.status} ${JSON.stringify(created.body)}`)
  const cartId = created.body.cart.id as string
  const options = await store("GET", `/store/shipping-options?cart_id=${cartId}`)
  const wanted = input.shipping ?? "Standard Shipping"
  const option = options.body.shipping_options.find((o: { name: string }) => o.name === wanted)
  if (!option) throw new Error(`${wanted} is not offered: ${JSON.stringify(options.body)}`)
  const shipped = await store("POST", `/store/carts/${cartId}/shipping-methods`, { option_id: option.id })
  if (shipped.status !== 200) throw new Error(`Shipping not added: ${shipped.status} ${JSON.stringify(shipped.body)}`)
  const collection = await store("POST", "/store/payment-collections", { cart_id: cartId })
  const session = await store("POST", `/store/payment-collections/${collection.body.payment_collection.id}/payment-sessions`, {
    provider_id: input.provider_id ?? "pp_zelle_manual",
  })
  if (session.status !== 200) throw new Error(`Payment session not created: ${session.status} ${JSON.stringify(session.body)}`)
  return cartId
}

/**
 * What Medusa charges for these lines (and promotion code): a cart built through the Store API,
 * as the storefront builds one (US address, standard shipping), in the shopper's arithmetic.
 * A code Medusa does not apply is reported as `applied: false`, with the totals without it.
 */
export async function cartTotals(
  store: StoreCall,
  input: {
    region_id: string
    lines: { variant_id: string; quantity: number }[]
    promo_code?: string
    /** The state the cart ships to (its tax region), e.g. "CA" as the checkout sends it. */
    province?: string
  }
) {
  const fields = "id,item_subtotal,discount_subtotal,shipping_subtotal,total,*promotions"
  const created = await store("POST", "/store/carts?fields=id", {
    region_id: input.region_id,
    items: input.lines,
    shipping_address: { country_code: "us", ...(input.province ? { province: input.province } : {}) },
  })
  if (created.status !== 200) throw new Error(`Cart not created: ${created.status} ${JSON.stringify(created.body)}`)
  const cartId = created.body.cart.id as string
  const options = await store("GET", `/store/shipping-options?cart_id=${cartId}`)
  const standard = options.body.shipping_options.find((o: { name: string }) => o.name === "Standard Shipping")
  let answer = await store("POST", `/store/carts/${cartId}/shipping-methods?fields=${fields}`, { option_id: standard.id })
  if (input.promo_code) {
    const promoted = await store("POST", `/store/carts/${cartId}/promotions?fields=${fields}`, { promo_codes: [input.promo_code] })
    if (promoted.status === 200) answer = promoted
  }
  const cart = answer.body.cart
  const applied = (cart.promotions ?? []).some((p: { code?: string }) => p.code === input.promo_code)
  return { totals: displayTotals(cart), applied }
}

/** `POST /api/orders/` as the legacy checkout sends it: a guest in Illinois paying with `payment_method`, one line per product. */
export function placeLegacyOrder(
  call: Call,
  email: string,
  lines: [{ product_id: string; variant_id: string }, number][],
  payment_method = "cashapp"
) {
  return call("POST", "/api/orders/", {
    json: {
      email,
      phone: "555-123-4567",
      shipping_address: "12 Elm Street, Springfield, Illinois 62704, United States",
      items: lines.map(([product, quantity]) => ({ product: product.product_id, variant: product.variant_id, quantity })),
      payment_method,
    },
  })
}

/** Medusa Admin's "create draft order" (`POST /admin/draft-orders`) for a guest shipping and billing to Illinois. */
export function createDraftOrder(admin: AdminCall, setup: StoreSetup, email: string, items: { variant_id: string; quantity: number }[]) {
  return admin("POST", "/admin/draft-orders", {
    email,
    region_id: setup.regionId,
    sales_channel_id: setup.salesChannelId,
    items,
    shipping_address: US_ADDRESS,
    billing_address: US_ADDRESS,
  })
}

/** An order's lines as Medusa Admin's "Create fulfillment" sends them: every line left, all of its quantity. */
async function allLinesOf(admin: AdminCall, orderId: string) {
  const { body } = await admin("GET", `/admin/orders/${orderId}?fields=id,*items`)
  return (body.order.items as { id: string; quantity: unknown }[])
    .filter((item) => Number(item.quantity) > 0)
    .map((item) => ({ id: item.id, quantity: Number(item.quantity) }))
}

/** Medusa Admin's "Create fulfillment" for every line of the order; answers Medusa's response (`query`: e.g. its fields). */
export async function fulfilThroughAdmin(admin: AdminCall, orderId: string, query = "") {
  return admin("POST", `/admin/orders/${orderId}/fulfillments${query}`, { items: await allLinesOf(admin, orderId) })
}

/**
 * Medusa Admin's "Create fulfillment" for every line of the order, then "Mark as shipped" with this
 * tracking label; answers the fulfilment's id.
 */
export async function shipThroughAdmin(admin: AdminCall, orderId: string, tracking: { tracking_number: string; tracking_url: string }) {
  const items = await allLinesOf(admin, orderId)
  const fulfilled = await admin("POST", `/admin/orders/${orderId}/fulfillments?fields=id,*fulfillments`, { items })
  expect(fulfilled.status).toBe(200)
  const fulfillmentId = fulfilled.body.order.fulfillments[0].id as string
  const shipped = await admin("POST", `/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`, {
    items,
    labels: [{ ...tracking, label_url: "https://labels.example/1.pdf" }],
  })
  expect(shipped.status).toBe(200)
  return fulfillmentId
}

/**
 * Medusa Admin's way to finish a draft order: shipping added through a draft order edit (begin, add
 * the method, confirm), then "Convert to order"; answers the conversion's response.
 */
export async function convertDraftWithShipping(admin: AdminCall, draftId: string, shippingOptionId: string) {
  expect((await admin("POST", `/admin/draft-orders/${draftId}/edit`)).status).toBe(200)
  expect(
    (await admin("POST", `/admin/draft-orders/${draftId}/edit/shipping-methods`, { shipping_option_id: shippingOptionId })).status
  ).toBe(200)
  expect((await admin("POST", `/admin/draft-orders/${draftId}/edit/confirm`)).status).toBe(200)
  return admin("POST", `/admin/draft-orders/${draftId}/convert-to-order`)
}
