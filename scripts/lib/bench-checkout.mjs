// The shopper's cart and checkout through the storefront, as the browser calls them (Remix's
// `.data` requests of the cart page's refresh and the checkout's quote and order, the order with
// the quote's attempt token and shipping option as the form sends them): how long a cart refresh
// and a checkout submit take (p50/p95), one shopper at a time and 10 at once. Each run is a new
// browser (its own cookies): the first refresh makes its Medusa cart, the second changes a quantity.
import { decode } from "turbo-stream"

import { timeSummary } from "./load.mjs"

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

function row(name, times, errors, connections = 1) {
  const round = (n) => Math.round(n * 10) / 10
  const total = times.reduce((a, b) => a + b, 0)
  const { p50, p95, p99 } = timeSummary(times)
  return {
    name,
    connections,
    duration: round(total / 1000),
    requests: times.length,
    rps: total ? round((times.length / total) * 1000 * connections) : 0,
    p50,
    p95,
    p99,
    errors,
    timeouts: 0,
    statuses: {},
  }
}

/** The shopper's clicks and their targets (issue 26: p95, one shopper at a time). */
const CLICKS = [
  { key: "created", name: "storefront cart refresh, a new shopper (POST /cart)", target: 400 },
  { key: "updated", name: "storefront cart refresh, quantity change (POST /cart)", target: 120 },
  { key: "submit", name: "storefront checkout submit, placed order (POST /checkout)", target: 450 },
]
/** Shoppers at once in the concurrent rows. */
export const CONCURRENT_SHOPPERS = 10
const atOnce = (name) => `${name} [${CONCURRENT_SHOPPERS} shoppers at once]`

/** One new browser: a new cart, a quantity change, the checkout's quote and the order. Pushes each click's time. */
async function shopperRun({ storefrontUrl, ageCookie, product, variant }, times) {
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
  const created = await post("/cart", "routes/cart", { lines: lines(1) })
  if (!created.data?.summary)
    throw Object.assign(new Error(`cart refresh: ${JSON.stringify(created.data).slice(0, 300)}`), { stage: "created" })
  times.created.push(created.ms)
  const updated = await post("/cart", "routes/cart", { lines: lines(2) })
  if (!updated.data?.summary)
    throw Object.assign(new Error(`cart refresh: ${JSON.stringify(updated.data).slice(0, 300)}`), { stage: "updated" })
  times.updated.push(updated.ms)

  const quote = await post("/checkout", "routes/checkout", { intent: "quote", lines: lines(2), discountCode: "" })
  const total = quote.data?.quote?.totals?.total
  if (total === undefined)
    throw Object.assign(new Error(`checkout quote: ${JSON.stringify(quote.data).slice(0, 300)}`), { stage: "submit" })
  const order = await post("/checkout", "routes/checkout", {
    intent: "order",
    lines: lines(2),
    attempt: quote.data.quote.attempt ?? "",
    shippingOption: quote.data.quote.shipping?.selected ?? "",
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
    throw Object.assign(new Error(`checkout submit: ${JSON.stringify(order.data).slice(0, 300)}`), { stage: "submit" })
  times.submit.push(order.ms)
}

/** `runs` shoppers, `concurrency` at a time (each worker on its own item: no shopper waits on another's stock lock). */
async function shoppers({ storefrontUrl, ageCookie, items, runs, concurrency, log }) {
  const times = { created: [], updated: [], submit: [] }
  const errors = { created: 0, updated: 0, submit: 0 }
  let next = 0
  const worker = async (w) => {
    for (let i = next++; i < runs; i = next++) {
      try {
        await shopperRun({ storefrontUrl, ageCookie, ...items[w % items.length] }, times)
      } catch (error) {
        errors[error?.stage ?? "created"]++
        log(`storefront checkout run ${i + 1}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)))
  return { times, errors }
}

/**
 * @param {{ storefrontUrl: string, ageCookie: string, items: { product: { id: string }, variant: { id: string } }[], runs: number, concurrentRuns: number, log: (m: string) => void }} input
 * `items`: one per concurrent shopper (the first serves the one-at-a-time runs).
 */
export async function storefrontCheckoutScenario({ storefrontUrl, ageCookie, items, runs, concurrentRuns, log }) {
  log(`measuring the storefront's cart refresh and checkout submit (${runs} browsers, one at a time)`)
  const one = await shoppers({ storefrontUrl, ageCookie, items: items.slice(0, 1), runs, concurrency: 1, log })
  log(`measuring the same with ${CONCURRENT_SHOPPERS} browsers at once (${concurrentRuns} in all)`)
  const many = await shoppers({ storefrontUrl, ageCookie, items, runs: concurrentRuns, concurrency: CONCURRENT_SHOPPERS, log })
  return [
    ...CLICKS.map((click) => row(click.name, one.times[click.key], one.errors[click.key])),
    ...CLICKS.map((click) => row(atOnce(click.name), many.times[click.key], many.errors[click.key], CONCURRENT_SHOPPERS)),
  ]
}

/** Each click's p95 (one shopper at a time) beside its target, and the same with 10 shoppers at once. */
export function printCheckoutTargets(rows) {
  const found = CLICKS.map((click) => ({
    click,
    one: rows.find((r) => r.name === click.name),
    many: rows.find((r) => r.name === atOnce(click.name)),
  }))
  if (!found.some((f) => f.one)) return
  console.log("\nshopper's clicks, p95 against the targets (one shopper at a time; 10 at once for reference):")
  for (const { click, one, many } of found) {
    if (!one) continue
    const verdict = one.requests && one.p95 <= click.target ? "✔" : "✘"
    console.log(
      `  ${click.name.padEnd(58)} p95 ${String(one.p95).padStart(7)} ms  target ≤ ${click.target} ms p95 ${verdict}` +
        (many ? `   [${CONCURRENT_SHOPPERS} at once: p50 ${many.p50}, p95 ${many.p95} ms]` : "")
    )
  }
}
