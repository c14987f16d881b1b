// The benchmark database: `pharmacy_bench`, never the development one. On the
// server of DATABASE_URL when set, otherwise its own embedded cluster in
// .data/bench (so it can run while `npm start` serves the development store).
//
// BENCH_PRODUCTS (default 500) sets the catalogue's size. Each size other than the default has
// a database and data folder of its own (`pharmacy_bench_5000`, .data/bench-5000), so switching
// sizes never reseeds the other.
import path from "node:path"

import { startPostgres } from "./postgres.mjs"
import { BACKEND_DIR, backendEnv, binOf, DATA_DIR, localSecrets, log, migrateDatabase, run } from "./stack.mjs"

const DEFAULT_BENCH_PRODUCTS = 500
export const BENCH_PRODUCTS = Number(process.env.BENCH_PRODUCTS || DEFAULT_BENCH_PRODUCTS)
if (!Number.isInteger(BENCH_PRODUCTS) || BENCH_PRODUCTS < 1)
  throw new Error(`BENCH_PRODUCTS must be a whole number, not ${process.env.BENCH_PRODUCTS}`)
const suffix = BENCH_PRODUCTS === DEFAULT_BENCH_PRODUCTS ? "" : `-${BENCH_PRODUCTS}`
export const BENCH_DATA_DIR = path.join(DATA_DIR, `bench${suffix}`)
export const BENCH_DATABASE = `pharmacy_bench${suffix.replace("-", "_")}`

export async function startBenchDatabase() {
  const database = await startPostgres({ dataDir: path.join(BENCH_DATA_DIR, "postgres"), databases: [BENCH_DATABASE] })
  return { database, url: database.url(BENCH_DATABASE) }
}

/** Migrates the running benchmark database at `url` and fills it (medusa-backend/src/scripts/bench-seed.ts). */
export async function seedBenchDatabase(url) {
  const started = Date.now()
  const env = backendEnv({
    DATABASE_URL: url,
    ...localSecrets(),
    DATA_DIR: BENCH_DATA_DIR,
    MEDUSA_ADMIN_DISABLED: "true",
    LOG_LEVEL: "info",
    BENCH_PRODUCTS: String(BENCH_PRODUCTS),
  })
  log("Migrating the benchmark database...")
  await migrateDatabase(env)
  log(`Creating the benchmark catalogue (${BENCH_PRODUCTS} products)...`)
  const output = await run(process.execPath, [binOf("@medusajs/cli", "medusa"), "exec", "./src/scripts/bench-seed.ts"], {
    cwd: BACKEND_DIR,
    env,
    quiet: true,
  })
  const done = output.split("\n").find((line) => line.includes("Bench seed done"))
  log(done ? done.replace(/^.*Bench seed done/, "Bench seed done") : "Bench seed finished")
  log(`bench:seed took ${((Date.now() - started) / 1000).toFixed(0)} s`)
}
