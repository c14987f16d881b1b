// `npm run bench:seed`: fills the benchmark database (500 products, ~6,000
// variants, prices, stock) with medusa-backend/src/scripts/bench-seed.ts.
import { seedBenchDatabase, startBenchDatabase } from "./lib/bench-database.mjs"
import { ensureInstalled } from "./lib/stack.mjs"

await ensureInstalled()
const { database, url } = await startBenchDatabase()
try {
  await seedBenchDatabase(url)
} finally {
  await database.stop()
}
