// `npm run bench:growth`: the read, order and SSR scenarios of `npm run bench` at two catalogue
// sizes (BENCH_GROWTH_SIZES, default 500 and 5000 products; each size's database is seeded on
// its first run), printed side by side with the ratio of each figure, the backend's memory and
// what an order costs the catalogue read model (issue 26 item 4).
import fs from "node:fs"
import path from "node:path"

import { printGrowth } from "./lib/bench-growth.mjs"
import { log, ROOT, run } from "./lib/stack.mjs"

const SIZES = (process.env.BENCH_GROWTH_SIZES || "500,5000").split(",").map(Number)
if (SIZES.length !== 2) throw new Error("BENCH_GROWTH_SIZES takes two sizes, e.g. 500,5000")
const PARTS = process.env.BENCH_ONLY || "api,search,ssr,growth,paths"

const outDir = path.join(ROOT, "bench", "results")
fs.mkdirSync(outDir, { recursive: true })
const stamp = new Date().toISOString().replace(/[:.]/g, "-")
const results = []
for (const size of SIZES) {
  const out = path.join(outDir, `growth-${stamp}-${size}.json`)
  log(`bench:growth: ${size} products (${PARTS})`)
  await run(process.execPath, [path.join(ROOT, "scripts", "bench.mjs")], {
    cwd: ROOT,
    env: { ...process.env, BENCH_PRODUCTS: String(size), BENCH_ONLY: PARTS, BENCH_OUT: out },
  })
  results.push(JSON.parse(fs.readFileSync(out, "utf8")))
}
printGrowth(results[0], results[1])
