// Orders under contention (issue 26 item 2): buyers on N connections ordering one unit each of
// the same variant through POST /api/orders/ for `duration` seconds, against exactly `units`
// units, once with each number of connections, each on a fresh product. Reports what was placed
// and refused (no oversell, nothing lost), the answer times of placed orders and of refusals
// apart, how long orders waited for the stock lock and held it, and how long they waited for
// their stock hold (decision 0065) and kept it: the backend runs with LOG_LEVEL=debug, and its
// "stock lock|hold ...: waited/held N ms" lines
// (medusa-backend/src/workflows/order/utils/stock.ts) are read from its log.
import fs from "node:fs"
import { setTimeout as sleep } from "node:timers/promises"

import { legacyOrderBody } from "./bench-staff.mjs"
import { measure, timeSummary } from "./load.mjs"

/** p95 of the answers to buyers, placed or refused once sold out (issue 26). */
export const ORDER_P95_TARGET_MS = 300

const PLACED = 201
/** The refusal a buyer can act on: "Not enough stock ... : 0 available" (Medusa's NOT_ALLOWED). */
const REFUSED = 400

/**
 * `newProduct()` answers a fresh `{ product, variant }` with `units` in stock; `logFile` is the
 * backend's log (LOG_LEVEL=debug); `soldOf(variantId)` answers the orders with the variant and the
 * units left, from the database.
 */
export async function orderContentionScenario({ backendUrl, newProduct, soldOf, logFile, units, duration, connectionCounts, log }) {
  const results = []
  for (const connections of connectionCounts) {
    const { product, variant } = await newProduct()
    const payload = JSON.stringify(legacyOrderBody({ product, variant }))
    const post = { method: "POST", headers: { "content-type": "application/json" }, body: payload }
    // One order first, so a broken payload shows its error instead of a run of refusals.
    const first = await fetch(`${backendUrl}/api/orders/`, post)
    if (first.status !== PLACED) throw new Error(`orders: the first order answered ${first.status} ${await first.text()}`)

    const logFrom = fs.statSync(logFile).size
    log(`measuring orders (${connections} connections, ${duration} s, ${units} units in stock)`)
    const row = await measure({
      name: `POST /api/orders/ (1 unit each, ${connections} connections)`,
      url: `${backendUrl}/api/orders/`,
      ...post,
      connections,
      duration,
      // A queued order is counted, not dropped.
      timeout: 120,
    })
    // Orders still running when the load stopped (their answers are not counted) finish first.
    let sold = await soldOf(variant.id)
    for (let i = 0; i < 60; i++) {
      await sleep(1000)
      const now = await soldOf(variant.id)
      if (now.orders === sold.orders && now.remaining === sold.remaining) break
      sold = now
    }
    const logText = fs.readFileSync(logFile, "utf8").slice(logFrom)
    const lock = lockTimes(logText)
    const hold = lockTimes(logText, "hold")
    const { orders, remaining } = sold
    const placed = 1 + (row.statuses[PLACED] ?? 0) // the first order, then the measured ones
    const timing = (code) => row.byStatus[code] ?? { count: 0, p50: null, p95: null }
    results.push({
      connections,
      units,
      duration_s: duration,
      placed,
      // Orders in the database: also those whose answer came after the load stopped.
      orders,
      placed_ms: timing(PLACED),
      refused: row.statuses[REFUSED] ?? 0,
      refused_ms: timing(REFUSED),
      // Anything else (409 busy, 5xx, timeouts) is neither an order nor a clear refusal.
      other: Object.fromEntries(Object.entries(row.statuses).filter(([code]) => Number(code) !== PLACED && Number(code) !== REFUSED)),
      timeouts: row.timeouts,
      remaining,
      soldOut: remaining === 0,
      // No oversell, nothing lost: every unit is either in an order or still in stock.
      exact: orders + remaining === units,
      lock_wait_ms: lock.waited,
      lock_held_ms: lock.held,
      hold_wait_ms: hold.waited,
      hold_held_ms: hold.held,
    })
  }
  return results
}

/** p50/p95 of the "stock lock|hold <keys>: waited|held <n> ms" debug lines (`what`: lock or hold). */
function lockTimes(logText, what = "lock") {
  const lists = { waited: [], held: [] }
  for (const match of logText.matchAll(new RegExp(`stock ${what} [^"]*?: (waited|held) (\\d+) ms`, "g")))
    lists[match[1]].push(Number(match[2]))
  return { waited: timeSummary(lists.waited), held: timeSummary(lists.held) }
}

/** The lines the bench prints for each run, each p95 beside its target. */
export function printOrderContention(results) {
  const mark = (ms) => (ms === null ? "" : ms <= ORDER_P95_TARGET_MS ? " ✔" : " ✘")
  const times = (t) => `p50 ${t.p50 ?? "-"} ms, p95 ${t.p95 ?? "-"} ms (target ≤ ${ORDER_P95_TARGET_MS})${mark(t.p95)}`
  for (const r of results) {
    const other = Object.entries(r.other)
      .map(([code, n]) => `${n}× ${code}`)
      .join(", ")
    console.log(
      `\norders for one variant, ${r.connections} connections, ${r.duration_s} s, ${r.units} units (POST /api/orders/, 1 unit each):`
    )
    console.log(`  placed   ${String(r.placed).padStart(5)}  ${times(r.placed_ms)}`)
    console.log(`  refused  ${String(r.refused).padStart(5)}  ${times(r.refused_ms)}`)
    console.log(
      `  stock ${r.units} -> ${r.remaining} left, ${r.orders} orders: ${r.exact ? "exact, no oversell ✔" : "MISMATCH ✘"}${r.soldOut ? ", sold out" : ", not sold out in time"}` +
        `${other ? `; other answers: ${other}` : ""}${r.timeouts ? `; ${r.timeouts} timed out` : ""}`
    )
    console.log(
      `  stock lock: waited p50 ${r.lock_wait_ms.p50 ?? "-"} ms, p95 ${r.lock_wait_ms.p95 ?? "-"} ms (${r.lock_wait_ms.count} acquisitions); ` +
        `held p50 ${r.lock_held_ms.p50 ?? "-"} ms, p95 ${r.lock_held_ms.p95 ?? "-"} ms`
    )
    console.log(
      `  stock hold: order waited p50 ${r.hold_wait_ms.p50 ?? "-"} ms, p95 ${r.hold_wait_ms.p95 ?? "-"} ms for it (${r.hold_wait_ms.count} holds); ` +
        `held until reserved p50 ${r.hold_held_ms.p50 ?? "-"} ms, p95 ${r.hold_held_ms.p95 ?? "-"} ms`
    )
  }
}
