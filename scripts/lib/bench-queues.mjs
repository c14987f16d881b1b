// The staff area's work queues at the size of a shop with `orders` orders (issue 24): tops the
// bench database up to that many orders (placed through POST /api/orders/, one in three marked
// paid, one in twenty of those shipped through Medusa's Admin API, one in ten canceled), then
// times GET /api/order-queues/ one request at a time for every queue a staff member without
// two-step sign-in sees (the review queue is a pharmacist's with two-step sign-in: 403 here),
// and a search by email. Each answer carries the counts of every queue, so each request
// classifies the whole open order set. p50/p95 over `runs` requests.
import { newestOrder, placeLegacyOrder, shipThroughAdminApi, staffHeaders } from "./bench-staff.mjs"
import { timeSummary } from "./load.mjs"
import { backendRequester } from "./load.mjs"

const QUEUES = ["awaiting_payment", "ready_to_ship", "shipped", "canceled"]

export async function orderQueuesScenario({ backendUrl, product, variant, orders, runs, log }) {
  const request = backendRequester(backendUrl, "order queues")
  const { staff, admin } = await staffHeaders(request)

  const total = Number((await fetch(`${backendUrl}/api/orders/?limit=1`, { headers: staff })).headers.get("x-total-count") ?? 0)
  const missing = Math.max(0, orders - total)
  log(`order queues: ${total} orders in the database, placing ${missing} more`)
  for (let i = 0; i < missing; i++) {
    const number = await placeLegacyOrder(request, { product, variant, email: `bench.queue.${i % 50}@example.com` })
    if (i % 10 === 9) {
      await request("cancel", "POST", `/api/orders/${number}/cancel/`, { headers: staff })
      continue
    }
    if (i % 3 !== 0) continue
    await request("mark paid", "POST", `/api/orders/${number}/mark-paid/`, { headers: staff })
    if (i % 60 !== 0) continue
    await shipThroughAdminApi(request, admin, await newestOrder(request, admin, number, "order queues"))
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
    return { ...timeSummary(times), count: answer.count }
  }
  const results = {}
  log(`measuring GET /api/order-queues/ (${runs} requests per queue, one at a time)`)
  for (const queue of QUEUES) results[`GET /api/order-queues/?queue=${queue}`] = await timed(`queue=${queue}`)
  results["GET /api/order-queues/?queue=awaiting_payment&q=<email>"] = await timed("queue=awaiting_payment&q=bench.queue.7%40")
  const { counts } = await request("counts", "GET", "/api/order-queues/?limit=1", { headers: staff })
  return { orders: Math.max(total, orders), counts, results }
}
