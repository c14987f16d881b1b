// The shopper's cart and checkout through the storefront, as the browser calls them (Remix's
// `.data` requests of the cart page's refresh and the checkout's quote and order), one at a
// time: how long a cart refresh and a checkout submit take (p50/p95). Each run is a new browser
// (its own cookies): the first refresh makes its Medusa cart, the second changes a quantity.
import { decode } from "turbo-stream"

import { percentile } from "./load.mjs"

/** Reads a single-fetch answer: the route's data (or the redirect it asks for). */
async function routeData(response, routeId) {
  if (!response.body) throw new Error(`no body (${response.status})`)
  const decoded = await decode(response.body)
  await decoded.done
  const value = decoded.value
  if (value && typeof value === "object" && "redirect" in value) return { redirect: value.redirect }
  const result = value?.[routeId] ?? value
  if (result && typeof result === "object" && "data" in result) return result.data
  if (result && typeof result === "object" && "error" in result)
    throw new Error(`route error: ${JSON.stringify(result.error).slice(0, 300)}`)
  return result
}

function row(name, times, errors) {
  const sorted = [...times].sort((a, b) => a - b)
  const round = (n) => Math.round(n * 10) / 10
  const total = times.reduce((a, b) => a + b, 0)
  return {
    name,
    connections: 1,
    duration: round(total / 1000),
    requests: times.length,
    rps: total ? round((times.length / total) * 1000) : 0,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    errors,
    timeouts: 0,
    statuses: {},
  }
}

/**
 * @param {{ storefrontUrl: string, ageCookie: string, product: { id: string }, variant: { id: string }, runs: number, log: (m: string) => void }} input
 */
export async function storefrontCheckoutScenario({ storefrontUrl, ageCookie, product, variant, runs, log }) {
  const times = { created: [], updated: [], submit: [] }
  const errors = { created: 0, updated: 0, submit: 0 }
  log(`measuring the storefront's cart refresh and checkout submit (${runs} browsers, one at a time)`)
  for (let i = 0; i < runs; i++) {
    let cookies = ageCookie
    const post = async (pathname, routeId, fields) => {
      const started = performance.now()
      const response = await fetch(`${storefrontUrl}${pathname}.data`, {
        method: "POST",
        headers: { cookie: cookies, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
        redirect: "manual",
      })
      const setCookie = response.headers.getSetCookie?.() ?? []
      for (const cookie of setCookie) {
        const pair = cookie.split(";")[0]
        const name = pair.split("=")[0]
        cookies = [...cookies.split("; ").filter((c) => !c.startsWith(`${name}=`)), pair].join("; ")
      }
      const data = await routeData(response, routeId)
      return { ms: performance.now() - started, data, status: response.status }
    }
    const lines = (quantity) => JSON.stringify([[product.id, variant.id, quantity]])
    let stage = "created"
    try {
      const created = await post("/cart", "routes/cart", { lines: lines(1) })
      if (!created.data?.summary) throw new Error(`cart refresh: ${JSON.stringify(created.data).slice(0, 300)}`)
      times.created.push(created.ms)
      stage = "updated"
      const updated = await post("/cart", "routes/cart", { lines: lines(2) })
      if (!updated.data?.summary) throw new Error(`cart refresh: ${JSON.stringify(updated.data).slice(0, 300)}`)
      times.updated.push(updated.ms)
      stage = "submit"

      const quote = await post("/checkout", "routes/checkout", { intent: "quote", lines: lines(2), discountCode: "" })
      const total = quote.data?.quote?.totals?.total
      if (total === undefined) throw new Error(`checkout quote: ${JSON.stringify(quote.data).slice(0, 300)}`)
      const order = await post("/checkout", "routes/checkout", {
        intent: "order",
        lines: lines(2),
        shownTotal: String(total),
        country: "United States",
        firstName: "Bench",
        lastName: "Buyer",
        address: "1 Bench Road",
        city: "Dallas",
        state: "Texas",
        zipCode: "75202",
        phone: "555-000-0000",
        email: "bench@example.com",
        paymentMethod: "pp_zelle_manual",
        useShippingAsBilling: "on",
      })
      if (!order.data?.redirect?.startsWith("/order-confirmation"))
        throw new Error(`checkout submit: ${JSON.stringify(order.data).slice(0, 300)}`)
      times.submit.push(order.ms)
    } catch (error) {
      errors[stage]++
      log(`storefront checkout run ${i + 1}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return [
    row("storefront cart refresh, a new shopper (POST /cart)", times.created, errors.created),
    row("storefront cart refresh, quantity change (POST /cart)", times.updated, errors.updated),
    row("storefront checkout submit, placed order (POST /checkout)", times.submit, errors.submit),
  ]
}
