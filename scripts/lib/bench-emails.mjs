// How long a customer waits for the email of a staff action (issue 23): from the staff action's
// request to the email written by the backend (the development outbox, $DATA_DIR/outbox, where
// an SMTP server would be called), one order at a time. Staff mark an order paid in the staff
// area (`POST /api/orders/{n}/mark-paid/` → `payment.captured` → "Payment received"), and ship it
// through Medusa's Admin API with a tracking label (fulfilment + shipment → `shipment.created` →
// "has shipped"). p50/p95 over `runs` orders. The staff area's own ship action (issue 24,
// `POST /api/orders/{n}/ship/`: Medusa's fulfilment and shipment with the tracking label) is timed
// on a second order of each run: the request itself, and until its shipped email is written.
import fs from "node:fs"
import path from "node:path"

import { newestOrder, placeLegacyOrder, shipThroughAdminApi, staffHeaders } from "./bench-staff.mjs"
import { timeSummary } from "./load.mjs"
import { backendRequester } from "./load.mjs"

export async function staffActionEmailScenario({ backendUrl, outboxDir, product, variant, runs, log }) {
  const request = backendRequester(backendUrl, "staff action emails")
  const { staff, admin } = await staffHeaders(request)

  const seen = new Set(fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : [])
  /** Resolves when an email with this subject is written; the time it was noticed (polled every 2 ms). */
  const written = async (subject, timeoutMs = 30_000) => {
    for (const started = performance.now(); performance.now() - started < timeoutMs; await new Promise((r) => setTimeout(r, 2))) {
      for (const file of fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : []) {
        if (seen.has(file)) continue
        const email = JSON.parse(fs.readFileSync(path.join(outboxDir, file), "utf8"))
        seen.add(file)
        if (email.subject === subject) return performance.now()
      }
    }
    throw new Error(`staff action emails: no "${subject}" within ${timeoutMs} ms`)
  }

  const paid = []
  const shipped = []
  const staffShip = []
  const staffShipped = []
  log(`measuring staff action → customer email (${runs} orders)`)
  for (let i = 0; i < runs; i++) {
    const number = await placeLegacyOrder(request, { product, variant, email: "bench.emails@example.com" })
    await written(`Your Harbor Health Pharmacy order ${number}`)

    let started = performance.now()
    await request("mark paid", "POST", `/api/orders/${number}/mark-paid/`, { headers: staff })
    paid.push((await written(`Payment received: Harbor Health Pharmacy order ${number}`)) - started)

    const placed = await newestOrder(request, admin, number, "staff action emails")
    started = performance.now()
    await shipThroughAdminApi(request, admin, placed)
    shipped.push((await written(`Your Harbor Health Pharmacy order ${number} has shipped`)) - started)

    const second = await placeLegacyOrder(request, { product, variant, email: "bench.emails@example.com" })
    await written(`Your Harbor Health Pharmacy order ${second}`)
    await request("mark paid", "POST", `/api/orders/${second}/mark-paid/`, { headers: staff })
    await written(`Payment received: Harbor Health Pharmacy order ${second}`)
    started = performance.now()
    await request("staff ship", "POST", `/api/orders/${second}/ship/`, {
      headers: staff,
      json: { carrier: "usps", tracking_number: "9400111899562537866361" },
    })
    staffShip.push(performance.now() - started)
    staffShipped.push((await written(`Your Harbor Health Pharmacy order ${second} has shipped`)) - started)
  }
  return {
    "staff mark paid → payment email written": timeSummary(paid),
    "Admin API fulfil + ship → shipped email written": timeSummary(shipped),
    "staff ship action (POST /api/orders/{n}/ship/)": timeSummary(staffShip),
    "staff ship action → shipped email written": timeSummary(staffShipped),
  }
}
