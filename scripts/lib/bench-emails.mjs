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

import { backendRequester, percentile } from "./load.mjs"

export async function staffActionEmailScenario({ backendUrl, outboxDir, product, variant, runs, log }) {
  const request = backendRequester(backendUrl, "staff action emails")
  const credentials = { email: process.env.ADMIN_EMAIL || "admin@example.com", password: process.env.ADMIN_PASSWORD || "harbor-health-dev" }
  const { access } = await request("staff sign-in", "POST", "/api/token/", {
    json: { username: credentials.email, password: credentials.password },
  })
  const { token } = await request("admin sign-in", "POST", "/auth/user/emailpass", { json: credentials })
  const staff = { authorization: `Bearer ${access}` }
  const admin = { authorization: `Bearer ${token}` }

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
    const order = await request("order", "POST", "/api/orders/", {
      json: {
        email: "bench.emails@example.com",
        phone: "555-000-0000",
        shipping_address: "1 Bench Road, Dallas, Texas 75202, United States",
        items: [{ product: product.id, variant: variant.id, quantity: 1, price: 10 }],
        payment_method: "zelle",
      },
    })
    const number = order.unique_order_id
    await written(`Your Harbor Health Pharmacy order ${number}`)

    let started = performance.now()
    await request("mark paid", "POST", `/api/orders/${number}/mark-paid/`, { headers: staff })
    paid.push((await written(`Payment received: Harbor Health Pharmacy order ${number}`)) - started)

    // The newest order is this one: the scenario places them one at a time.
    const { orders } = await request("admin order", "GET", "/admin/orders?order=-created_at&limit=1&fields=id,custom_display_id,*items", {
      headers: admin,
    })
    if (orders[0]?.custom_display_id !== number) throw new Error(`staff action emails: the newest order is not ${number}`)
    const items = orders[0].items.map((item) => ({ id: item.id, quantity: Number(item.quantity) }))
    started = performance.now()
    const fulfilled = await request("fulfilment", "POST", `/admin/orders/${orders[0].id}/fulfillments?fields=id,*fulfillments`, {
      headers: admin,
      json: { items },
    })
    await request("shipment", "POST", `/admin/orders/${orders[0].id}/fulfillments/${fulfilled.order.fulfillments[0].id}/shipments`, {
      headers: admin,
      json: {
        items,
        labels: [
          { tracking_number: "9400111899562537866361", tracking_url: "https://tools.usps.com/", label_url: "https://labels.example/1.pdf" },
        ],
      },
    })
    shipped.push((await written(`Your Harbor Health Pharmacy order ${number} has shipped`)) - started)

    const second = await request("order", "POST", "/api/orders/", {
      json: {
        email: "bench.emails@example.com",
        phone: "555-000-0000",
        shipping_address: "1 Bench Road, Dallas, Texas 75202, United States",
        items: [{ product: product.id, variant: variant.id, quantity: 1, price: 10 }],
        payment_method: "zelle",
      },
    })
    await written(`Your Harbor Health Pharmacy order ${second.unique_order_id}`)
    await request("mark paid", "POST", `/api/orders/${second.unique_order_id}/mark-paid/`, { headers: staff })
    await written(`Payment received: Harbor Health Pharmacy order ${second.unique_order_id}`)
    started = performance.now()
    await request("staff ship", "POST", `/api/orders/${second.unique_order_id}/ship/`, {
      headers: staff,
      json: { carrier: "usps", tracking_number: "9400111899562537866361" },
    })
    staffShip.push(performance.now() - started)
    staffShipped.push((await written(`Your Harbor Health Pharmacy order ${second.unique_order_id} has shipped`)) - started)
  }
  const summary = (times) => {
    const sorted = [...times].sort((a, b) => a - b)
    return { p50: Math.round(percentile(sorted, 50)), p95: Math.round(percentile(sorted, 95)) }
  }
  return {
    "staff mark paid → payment email written": summary(paid),
    "Admin API fulfil + ship → shipped email written": summary(shipped),
    "staff ship action (POST /api/orders/{n}/ship/)": summary(staffShip),
    "staff ship action → shipped email written": summary(staffShipped),
  }
}
