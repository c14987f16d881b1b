// The staff area's work queues at the size of a shop with `orders` orders (issue 24): tops the
// bench database up to that many orders (placed through POST /api/orders/, one in three marked
// paid, one in twenty of those shipped through Medusa's Admin API, one in ten canceled), then
// times GET /api/order-queues/ one request at a time for every queue a staff member without
// two-step sign-in sees (the review queue is a pharmacist's with two-step sign-in: 403 here),
// and a search by email. Each answer carries the counts of every queue, so each request
// classifies the whole open order set. p50/p95 over `runs` requests.
import { backendRequester, percentile } from "./load.mjs"

const QUEUES = ["awaiting_payment", "ready_to_ship", "shipped", "canceled"]

export async function orderQueuesScenario({ backendUrl, product, variant, orders, runs, log }) {
  const request = backendRequester(backendUrl, "order queues")
  const credentials = { email: process.env.ADMIN_EMAIL || "admin@example.com", password: process.env.ADMIN_PASSWORD || "harbor-health-dev" }
  const { access } = await request("staff sign-in", "POST", "/api/token/", {
    json: { username: credentials.email, password: credentials.password },
  })
  const { token } = await request("admin sign-in", "POST", "/auth/user/emailpass", { json: credentials })
  const staff = { authorization: `Bearer ${access}` }
  const admin = { authorization: `Bearer ${token}` }

  const total = Number((await fetch(`${backendUrl}/api/orders/?limit=1`, { headers: staff })).headers.get("x-total-count") ?? 0)
  const missing = Math.max(0, orders - total)
  log(`order queues: ${total} orders in the database, placing ${missing} more`)
  for (let i = 0; i < missing; i++) {
    const order = await request("order", "POST", "/api/orders/", {
      json: {
        email: `bench.queue.${i % 50}@example.com`,
        phone: "555-000-0000",
        shipping_address: "1 Bench Road, Dallas, Texas 75202, United States",
        items: [{ product: product.id, variant: variant.id, quantity: 1, price: 10 }],
        payment_method: "zelle",
      },
    })
    const number = order.unique_order_id
    if (i % 10 === 9) {
      await request("cancel", "POST", `/api/orders/${number}/cancel/`, { headers: staff })
      continue
    }
    if (i % 3 !== 0) continue
    await request("mark paid", "POST", `/api/orders/${number}/mark-paid/`, { headers: staff })
    if (i % 60 !== 0) continue
    // The newest order is this one: the scenario places them one at a time.
    const { orders: newest } = await request(
      "admin order",
      "GET",
      "/admin/orders?order=-created_at&limit=1&fields=id,custom_display_id,*items",
      {
        headers: admin,
      }
    )
    const placed = newest[0]
    if (placed?.custom_display_id !== number) throw new Error(`order queues: the newest order is not ${number}`)
    const items = placed.items.map((item) => ({ id: item.id, quantity: Number(item.quantity) }))
    const fulfilled = await request("fulfilment", "POST", `/admin/orders/${placed.id}/fulfillments?fields=id,*fulfillments`, {
      headers: admin,
      json: { items },
    })
    await request("shipment", "POST", `/admin/orders/${placed.id}/fulfillments/${fulfilled.order.fulfillments[0].id}/shipments`, {
      headers: admin,
      json: { items, labels: [{ tracking_number: "9400111899562537866361", tracking_url: "https://tools.usps.com/", label_url: "" }] },
    })
  }

  const summary = (times) => {
    const sorted = [...times].sort((a, b) => a - b)
    return { p50: Math.round(percentile(sorted, 50)), p95: Math.round(percentile(sorted, 95)) }
  }
  const timed = async (query) => {
    await request("warm-up", "GET", `/api/order-queues/?${query}`, { headers: staff })
    const times = []
    let answer
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      answer = await request(query, "GET", `/api/order-queues/?${query}`, { headers: staff })
      times.push(performance.now() - started)
    }
    return { ...summary(times), count: answer.count }
  }
  const results = {}
  log(`measuring GET /api/order-queues/ (${runs} requests per queue, one at a time)`)
  for (const queue of QUEUES) results[`GET /api/order-queues/?queue=${queue}`] = await timed(`queue=${queue}`)
  results["GET /api/order-queues/?queue=awaiting_payment&q=<email>"] = await timed("queue=awaiting_payment&q=bench.queue.7%40")
  const { counts } = await request("counts", "GET", "/api/order-queues/?limit=1", { headers: staff })
  return { orders: Math.max(total, orders), counts, results }
}
