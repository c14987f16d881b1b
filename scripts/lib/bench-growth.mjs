// Catalogue growth (issue 26 item 4): what the catalogue read model costs as the catalogue grows.
// - `catalogueAfterOrderScenario`: after each order, how long until the catalogue shows it (the
//   order's events tell every process to read the stock of the items that changed, decision 0064)
//   and how long that read takes, beside a warm read;
// - `residentMemory`: the backend's resident memory, now and at its peak (Linux /proc);
// - `printGrowth`: two bench results (e.g. 500 and 5 000 products) side by side with their ratios.
import fs from "node:fs"

import { placeLegacyOrder } from "./bench-staff.mjs"
import { backendRequester, timeSummary } from "./load.mjs"

/** Every read figure at the larger catalogue within this multiple of the smaller's (issue 26). */
export const READ_GROWTH_TARGET = 1.5
/** An order's cost must not depend on the catalogue's size: within this multiple. */
export const ORDER_GROWTH_TARGET = 1.2

/**
 * `runs` orders of one unit of `variant` (POST /api/orders/), each followed by reads of the product
 * (`GET /store/catalog/products/{id}`) until its stock shows the order.
 */
export async function catalogueAfterOrderScenario({ backendUrl, keyHeader, product, variant, runs, log }) {
  const request = backendRequester(backendUrl, "catalogue after an order")
  const read = async () => {
    const started = performance.now()
    const body = await request("catalogue read", "GET", `/store/catalog/products/${product.id}`, { headers: keyHeader })
    return { stock: body.product.variants.find((v) => v.id === variant.id)?.stock, ms: performance.now() - started }
  }
  const times = { order: [], visible: [], reread: [], warm: [] }
  log(`measuring the catalogue after an order (${runs} orders)`)
  for (let i = 0; i < runs; i++) {
    const { stock: before } = await read()
    const started = performance.now()
    await placeLegacyOrder(request, { product, variant })
    const answered = performance.now()
    times.order.push(answered - started)
    // Read until the order's stock shows.
    for (let attempt = 0; ; attempt++) {
      const { stock, ms } = await read()
      if (stock === before - 1) {
        times.visible.push(performance.now() - answered)
        times.reread.push(ms)
        break
      }
      if (attempt > 500) throw new Error(`catalogue after an order: stock still ${stock}, expected ${before - 1}`)
    }
    times.warm.push((await read()).ms)
  }
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, timeSummary(list)]))
}

/** The resident and peak resident memory of process `pid` in MB (Linux), or nulls elsewhere. */
export function residentMemory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8")
    const mb = (field) => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) / 1024)
    return { rss_mb: mb("VmRSS"), peak_rss_mb: mb("VmHWM") }
  } catch {
    return { rss_mb: null, peak_rss_mb: null }
  }
}

const ratio = (a, b) => (a && b ? Math.round((a / b) * 100) / 100 : null)
const mark = (value, target) => (value === null ? "" : value <= target ? " ✔" : " ✘")
const cell = (value, width = 8) => String(value ?? "-").padStart(width)

/**
 * The figures of two bench results files side by side: every row measured in both (reads), the
 * order paths, the catalogue after an order, and the backend's memory, each with the ratio
 * larger / smaller and the target it is held to.
 */
export function printGrowth(small, large) {
  const sizes = `${small.catalogue.products} → ${large.catalogue.products} products (${small.catalogue.variants} → ${large.catalogue.variants} variants)`
  console.log(`\ncatalogue growth, ${sizes}; ratio = larger / smaller, p95 held to its target:`)
  const header = `  ${"figure".padEnd(58)} ${cell("p50 a")} ${cell("p50 b")} ${cell("p95 a")} ${cell("p95 b")} ${cell("ratio")}`
  console.log(header)
  const line = (name, a, b, target) => {
    const r = ratio(b?.p95, a?.p95)
    console.log(
      `  ${name.padEnd(58)} ${cell(a?.p50)} ${cell(b?.p50)} ${cell(a?.p95)} ${cell(b?.p95)} ${cell(r)} (≤ ${target})${mark(r, target)}`
    )
  }
  for (const row of small.rows) {
    const other = large.rows.find((r) => r.name === row.name)
    if (other) line(row.name, row, other, READ_GROWTH_TARGET)
  }
  for (const [name, a] of Object.entries(small.order_paths ?? {}))
    line(`order path: ${name}`, a, large.order_paths?.[name], ORDER_GROWTH_TARGET)
  const after = (run) => run.catalogue_after_order ?? {}
  line("order (POST /api/orders/, then the catalogue read)", after(small).order, after(large).order, ORDER_GROWTH_TARGET)
  line("catalogue: order answered → its stock shown", after(small).visible, after(large).visible, READ_GROWTH_TARGET)
  line("catalogue: the read of the order's stock", after(small).reread, after(large).reread, READ_GROWTH_TARGET)
  line("catalogue: a warm read of one product", after(small).warm, after(large).warm, READ_GROWTH_TARGET)
  const save = { a: small.product_save_ms ?? null, b: large.product_save_ms ?? null }
  console.log(
    `  ${"a new product saved, shown by the catalogue (ms)".padEnd(58)} ${cell(save.a)} ${cell(save.b)} ${cell("")} ${cell("")} ${cell(ratio(save.b, save.a))}`
  )
  const memory = (run) => run.backend_memory ?? {}
  console.log(
    `  backend resident memory after the reads: ${memory(small).rss_mb ?? "-"} MB → ${memory(large).rss_mb ?? "-"} MB` +
      ` (×${ratio(memory(large).rss_mb, memory(small).rss_mb) ?? "-"}); peak ${memory(small).peak_rss_mb ?? "-"} MB → ${memory(large).peak_rss_mb ?? "-"} MB`
  )
}
