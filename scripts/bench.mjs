// `npm run bench`: the store at the size of a real mid-sized shop (run
// `npm run bench:seed` once first; it is run for you if the database is empty),
// measured side by side with Medusa itself on the production builds.
// Prints a table and ratios, and writes bench/results/<time>.json.
// Speed goals live here, never in tests.
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"

import { BENCH_DATA_DIR, BENCH_PRODUCTS, seedBenchDatabase, startBenchDatabase } from "./lib/bench-database.mjs"
import { placeLegacyOrder } from "./lib/bench-staff.mjs"
import { ensureProductionBuilds } from "./lib/builds.mjs"
import { freePort } from "./lib/postgres.mjs"
import {
  backendEnv,
  binOf,
  ensureInstalled,
  localSecrets,
  log,
  migrateDatabase,
  ROOT,
  startServer,
  stopServer,
  STOREFRONT_DIR,
  waitForHttp,
} from "./lib/stack.mjs"

const DURATION = Number(process.env.BENCH_DURATION || 10) // seconds per scenario
const ORDER_DURATION = Number(process.env.BENCH_ORDER_DURATION || 30)
/** Stock of the order scenario's variant: small enough to sell out within the run. */
const ORDER_UNITS = 25
/** The order scenario runs once with each of these numbers of concurrent buyers, each on a product of its own. */
const ORDER_CONNECTIONS = (process.env.BENCH_ORDER_CONNECTIONS || "4,16").split(",").map(Number)
/** Run only some parts while working on them: BENCH_ONLY=api,search,redis,ssr,growth,checkout,orders,paths,emails,queues,lighthouse */
const ONLY = new Set((process.env.BENCH_ONLY || "api,search,redis,ssr,growth,checkout,orders,paths,emails,queues,lighthouse").split(","))
/** p95 of a /shop render that misses the page cache, 32 connections (issue 26 item 3). */
const SSR_UNCACHED_P95_TARGET_MS = 120
/** Only the rows whose name matches this pattern (e.g. BENCH_ROWS="every URL new" for one scenario's profile). */
const ROWS = process.env.BENCH_ROWS ? new RegExp(process.env.BENCH_ROWS) : null
/** Orders each followed by catalogue reads until they show (the "growth" part). */
const GROWTH_ORDERS = Number(process.env.BENCH_GROWTH_ORDERS || 20)

/**
 * Shopper search (decision 0058): misspellings of the benchmark catalogue's words (scripts' bench
 * seed), and a brand it does not sell ("ozempik": its ingredient, semaglutide).
 */
const SEARCH_TYPOS = ["ozempik", "tirzepatid", "pen needels", "glargin pen", "test stirps"]
/** Orders taken through staff actions, each timed to its customer email (the "emails" part). */
const EMAIL_RUNS = Number(process.env.BENCH_EMAIL_RUNS || 20)
/** The staff work queues are measured with at least this many orders in the database (the "queues" part), each queue this many times. */
const QUEUE_ORDERS = Number(process.env.BENCH_QUEUE_ORDERS || 500)
const QUEUE_RUNS = Number(process.env.BENCH_QUEUE_RUNS || 20)
/** Orders placed one after another through each path to an order (the "paths" part). */
const PATH_ORDERS = Number(process.env.BENCH_PATH_ORDERS || 10)
/** Shoppers who refresh a cart twice and check out through the storefront, one after another (the "checkout" part). */
const CHECKOUT_RUNS = Number(process.env.BENCH_CHECKOUT_RUNS || 20)
/** The same, 10 at a time: this many in all. */
const CHECKOUT_CONCURRENT_RUNS = Number(process.env.BENCH_CHECKOUT_CONCURRENT_RUNS || 50)
/**
 * An earlier run to print side by side ("before"): BENCH_BASELINE=<results file>, by default
 * bench/baseline.json (committed: the figures at the end of issue 26, 2026-11-27 on one 2-core machine;
 * replace it with a run of main before the next performance change, on the machine that measures that change).
 */
const BASELINE_FILE = process.env.BENCH_BASELINE || path.join(ROOT, "bench", "baseline.json")
/**
 * BENCH_CPU_PROFILE=1: the backend and the storefront server run with --cpu-prof; their profiles
 * (written when they stop) land in bench/results/profiles; `node scripts/profile-summary.mjs <file>` lists where the
 * time went.
 */
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE === "1"
/** The age-check cookie (storefront/app/lib/age-gate.server.ts): Remix's encoding of `true`. */
const AGE_COOKIE = process.env.BENCH_AGE_COOKIE || "age_verified=dHJ1ZQ%3D%3D"

await ensureInstalled()
// After the install: the load generator (autocannon) is a dev dependency.
const { backendRequester, measure, printTable, staticJsonServer, timeSummary } = await import("./lib/load.mjs")
const started = Date.now()
const servers = []
const { database, url: DATABASE_URL } = await startBenchDatabase()
const cleanup = async () => {
  await Promise.all(servers.map((s) => stopServer(s)))
  await database.stop()
}
process.on("SIGINT", () => cleanup().then(() => process.exit(130)))

try {
  const env = backendEnv({
    DATABASE_URL,
    ...localSecrets(),
    DATA_DIR: BENCH_DATA_DIR,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "error",
    // The order scenarios are one client placing orders as fast as it can: exactly what the
    // per-client limit (decision 0042) is for. Off here; it costs one counter upsert per order.
    RATE_LIMIT_ORDERS: "off",
    // Likewise the carts and promotion codes of the checkout scenarios (decision 0046).
    RATE_LIMIT_CARTS: "off",
    RATE_LIMIT_PROMOTION_CODES: "off",
  })
  if (!(await hasCatalogue(DATABASE_URL))) {
    log("The benchmark database is empty: running bench:seed first")
    await seedBenchDatabase(DATABASE_URL)
  } else {
    log("Migrating the benchmark database...") // the code may have new migrations since bench:seed
    await migrateDatabase({ ...env, MEDUSA_ADMIN_DISABLED: "true" })
  }
  const serverDir = await ensureProductionBuilds(env)
  const publishableKey = fs.readFileSync(path.join(BENCH_DATA_DIR, "publishable-key"), "utf8").trim()

  const backendPort = await freePort()
  const storefrontPort = await freePort()
  const backendUrl = `http://127.0.0.1:${backendPort}`
  const storefrontUrl = `http://127.0.0.1:${storefrontPort}`
  const profileDir = path.join(ROOT, "bench", "results", "profiles")
  const profileArgs = (name) =>
    CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`] : []
  const backend = startServer("bench-backend", process.execPath, [...profileArgs("backend"), binOf("@medusajs/cli", "medusa"), "start"], {
    cwd: serverDir,
    // Pictures under the address the benchmark's browser (Lighthouse) reaches (decision 0048).
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(backendPort),
      STORE_CORS: storefrontUrl,
      STOREFRONT_PUBLIC_URL: storefrontUrl,
      BACKEND_PUBLIC_URL: backendUrl,
    },
    logFile: path.join(BENCH_DATA_DIR, "logs", "backend.log"),
  })
  servers.push(backend)
  await waitForHttp(`${backendUrl}/health`, { child: backend })
  const storefront = startServer(
    "bench-storefront",
    process.execPath,
    [...profileArgs("storefront"), "server/index.mjs", "build/server/index.js"],
    {
      cwd: STOREFRONT_DIR,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(storefrontPort),
        MEDUSA_BACKEND_URL: backendUrl,
        BACKEND_PUBLIC_URL: backendUrl,
        MEDUSA_PUBLISHABLE_KEY: publishableKey,
        SESSION_SECRET: env.SESSION_SECRET,
      },
      logFile: path.join(BENCH_DATA_DIR, "logs", "storefront.log"),
    }
  )
  servers.push(storefront)
  await waitForHttp(`${storefrontUrl}/favicon.svg`, { child: storefront })

  const keyHeader = { "x-publishable-api-key": publishableKey }
  const json = async (url, init = {}) => {
    const response = await fetch(url, { ...init, headers: { ...keyHeader, ...(init.headers ?? {}) } })
    return { status: response.status, body: response.ok ? await response.json() : null, text: response.ok ? null : await response.text() }
  }
  const { body: regions } = await json(`${backendUrl}/store/regions`)
  const regionId = regions.regions[0].id
  const { body: categories } = await json(`${backendUrl}/store/catalog/categories`)
  const category = categories.categories.find((c) => c.product_count > 24) ?? categories.categories[0]
  const { body: sample } = await json(`${backendUrl}/store/catalog/products?category=${category.id}&limit=1`)
  const productId = sample.products[0].id

  // The catalogue must be whole at this size (Medusa's Query once dropped prices past 4,000 variants).
  const { body: everything } = await json(`${backendUrl}/store/catalog/products?limit=100&page=1`)
  let listed = 0
  for (let page = 1; page <= everything.pages; page++) {
    const { body } = await json(`${backendUrl}/store/catalog/products?limit=100&page=${page}`)
    listed += body.products.reduce((n, p) => n + p.variants.length, 0)
  }
  const stored = await countVariants(DATABASE_URL)
  log(`catalogue: ${everything.count} products, ${listed} of ${stored} variants listed with a price`)
  if (listed !== stored) throw new Error(`The catalogue lists ${listed} variants but the database has ${stored}`)
  if (everything.count < BENCH_PRODUCTS)
    throw new Error(`The catalogue has ${everything.count} products, BENCH_PRODUCTS is ${BENCH_PRODUCTS}`)

  const routes = {
    medusaProducts: `${backendUrl}/store/products?limit=12&region_id=${regionId}&fields=*variants.calculated_price,+variants.inventory_quantity`,
    compatList: `${backendUrl}/api/products/?category=${category.id}`,
    compatProduct: `${backendUrl}/api/products/${productId}/`,
    storeCatalog: `${backendUrl}/store/catalog/products?category=${category.id}&page=2`,
    shop: `${storefrontUrl}/shop?category=${encodeURIComponent(category.name)}&page=2`,
    product: `${storefrontUrl}/product/${productId}`,
    home: `${storefrontUrl}/`,
  }

  const available = async (url, headers) => (await fetch(url, { headers })).status === 200
  const warm = async (url, headers) => {
    for (let i = 0; i < 20; i++) await fetch(url, { headers }).then((r) => r.arrayBuffer())
  }

  const rows = []
  const notes = []
  const scenario = async (name, url, { headers = {}, connections = 10, part = "api", requests } = {}) => {
    if (!ONLY.has(part) || (ROWS && !ROWS.test(name))) return null
    if (!(await available(url, headers))) {
      notes.push(`${name}: skipped, ${url} is not available`)
      return null
    }
    await warm(url, headers)
    log(`measuring ${name} (${connections} connections, ${DURATION} s)`)
    const row = await measure({ name, url, headers, connections, duration: DURATION, requests })
    rows.push(row)
    return row
  }

  const medusa = await scenario("medusa GET /store/products (12, prices+stock)", routes.medusaProducts, { headers: keyHeader })
  const compatList = await scenario("compat GET /api/products/?category=", routes.compatList)
  await scenario("compat GET /api/products/{id}/", routes.compatProduct)
  await scenario("store GET /store/catalog/products?category=&page=2", routes.storeCatalog, { headers: keyHeader })

  // Shopper search: the typos in turn, every request a URL not asked before (its page number), so
  // each answer is ranked afresh rather than served from the answers kept per snapshot.
  let searches = 0
  const searchPath = () => {
    const n = searches++
    const q = encodeURIComponent(SEARCH_TYPOS[n % SEARCH_TYPOS.length])
    return `/store/catalog/products?search=${q}&page=${1 + Math.floor(n / SEARCH_TYPOS.length)}`
  }
  await scenario("store GET /store/catalog/products?search=<typo>, every URL new", `${backendUrl}/store/catalog/products?search=ozempik`, {
    headers: keyHeader,
    part: "search",
    requests: [{ setupRequest: (request) => ({ ...request, path: searchPath() }) }],
  })

  // The floor: a bare Node server answering a JSON body the size of the compat list.
  const floorBody =
    (await fetch(routes.compatList).then((r) => (r.ok ? r.text() : null))) ??
    (await fetch(routes.storeCatalog, { headers: keyHeader }).then((r) => r.text()))
  const floor = await staticJsonServer(floorBody)
  const staticRow = await scenario(`static JSON (${(floorBody.length / 1024).toFixed(0)} KB, bare node http)`, floor.url, {
    part: ONLY.has("ssr") ? "ssr" : "api",
  })
  await floor.close()

  // The same API answers from a backend whose Caching Module is Redis (the production shape,
  // shared by every server; decision 0036), beside the in-memory provider above.
  if (ONLY.has("redis") && ONLY.has("api")) {
    const { startRedis } = await import("./lib/redis.mjs")
    let redis
    try {
      redis = await startRedis({ dir: path.join(BENCH_DATA_DIR, "redis") })
    } catch (error) {
      notes.push(`redis: skipped (${error.message})`)
    }
    if (redis) {
      const port = await freePort()
      const redisBackend = startServer("bench-backend-redis", process.execPath, [binOf("@medusajs/cli", "medusa"), "start"], {
        cwd: serverDir,
        env: { ...env, NODE_ENV: "production", PORT: String(port), REDIS_URL: redis.url, STORE_CORS: storefrontUrl },
        logFile: path.join(BENCH_DATA_DIR, "logs", "backend-redis.log"),
      })
      try {
        const base = `http://127.0.0.1:${port}`
        await waitForHttp(`${base}/health`, { child: redisBackend })
        const onRedis = (url) => url.replace(backendUrl, base)
        await scenario("medusa GET /store/products (12, prices+stock) [Redis cache]", onRedis(routes.medusaProducts), {
          headers: keyHeader,
        })
        await scenario("compat GET /api/products/?category= [Redis cache]", onRedis(routes.compatList))
        await scenario("compat GET /api/products/{id}/ [Redis cache]", onRedis(routes.compatProduct))
        await scenario("store GET /store/catalog/products?category=&page=2 [Redis cache]", onRedis(routes.storeCatalog), {
          headers: keyHeader,
        })
      } finally {
        await stopServer(redisBackend)
        await redis.stop()
      }
    }
  }

  const ageCookie = { cookie: AGE_COOKIE }
  const shop = await scenario("SSR /shop?category=&page=2", routes.shop, { headers: ageCookie, connections: 32, part: "ssr" })
  // The same page with a unique, ignored query parameter per request: every one misses the
  // storefront's page cache (0017) and is rendered, as for a long tail of filter combinations.
  const shopPath = new URL(routes.shop).pathname + new URL(routes.shop).search
  let unique = 0
  const shopUncached = await scenario("SSR /shop, every URL new (no page cache)", routes.shop, {
    headers: ageCookie,
    connections: 32,
    part: "ssr",
    requests: [{ setupRequest: (request) => ({ ...request, path: `${shopPath}&visit=${unique++}` }) }],
  })
  await scenario("SSR /product/{id}", routes.product, { headers: ageCookie, connections: 10, part: "ssr" })
  await scenario("SSR /", routes.home, { connections: 10, part: "ssr" })

  // After the reads: the backend's memory with the catalogue read model built, then what an order
  // costs the read model (issue 26 item 4; `npm run bench:growth` compares catalogue sizes).
  let growth = null
  if (ONLY.has("growth")) {
    const { catalogueAfterOrderScenario, residentMemory } = await import("./lib/bench-growth.mjs")
    const memory = residentMemory(backend.pid)
    // A new product's save answers the product as the catalogue reads it (each process reads the changed product again).
    const saveStarted = performance.now()
    const { product, variant } = await benchProduct({ backendUrl, name: "Bench growth item", stock: GROWTH_ORDERS * 2 })
    const productSaveMs = Math.round(performance.now() - saveStarted)
    const afterOrder = await catalogueAfterOrderScenario({ backendUrl, keyHeader, product, variant, runs: GROWTH_ORDERS, log })
    growth = { memory, productSaveMs, afterOrder }
  }

  if (ONLY.has("checkout")) {
    const { CONCURRENT_SHOPPERS, storefrontCheckoutScenario } = await import("./lib/bench-checkout.mjs")
    // One item per concurrent shopper, so they wait on the storefront and Medusa, never on each other's stock lock.
    const items = []
    for (let i = 0; i < CONCURRENT_SHOPPERS; i++)
      items.push(await benchProduct({ backendUrl, name: "Bench checkout item", stock: CHECKOUT_RUNS * 3 + CHECKOUT_CONCURRENT_RUNS * 3 }))
    const checkoutRows = await storefrontCheckoutScenario({
      storefrontUrl,
      ageCookie: AGE_COOKIE,
      items,
      runs: CHECKOUT_RUNS,
      concurrentRuns: CHECKOUT_CONCURRENT_RUNS,
      log,
    })
    rows.push(...checkoutRows)
  }

  const orders = ONLY.has("orders")
    ? await ordersOnTheirOwnBackend({ serverDir, env, storefrontUrl, DATABASE_URL, profile: profileArgs("backend-orders") })
    : null
  const paths = ONLY.has("paths") ? await orderPathsScenario({ backendUrl, keyHeader, regionId }) : null
  let emails = null
  if (ONLY.has("emails")) {
    const { staffActionEmailScenario } = await import("./lib/bench-emails.mjs")
    const { product, variant } = await benchProduct({ backendUrl, name: "Bench emails item", stock: EMAIL_RUNS * 3 })
    const outboxDir = path.join(BENCH_DATA_DIR, "outbox")
    emails = await staffActionEmailScenario({ backendUrl, outboxDir, product, variant, runs: EMAIL_RUNS, log })
  }

  let queues = null
  if (ONLY.has("queues")) {
    const { orderQueuesScenario } = await import("./lib/bench-queues.mjs")
    const { product, variant } = await benchProduct({ backendUrl, name: "Bench queues item", stock: QUEUE_ORDERS * 2 })
    queues = await orderQueuesScenario({ backendUrl, product, variant, orders: QUEUE_ORDERS, runs: QUEUE_RUNS, log })
  }

  const bundles = await pageJavaScript(
    [
      { page: "/", url: routes.home },
      { page: "/shop", url: routes.shop },
      { page: "/product/{id}", url: routes.product },
    ],
    ageCookie
  )
  const lighthouseScores = ONLY.has("lighthouse") ? await runLighthouse([routes.home, routes.shop, routes.product], AGE_COOKIE) : []

  console.log("")
  const baseline = readBaseline()
  printTable(rows, baseline)
  if (baseline) console.log(`(before: ${path.relative(ROOT, BASELINE_FILE)}, measured ${baseline.at})`)
  if (ONLY.has("checkout")) (await import("./lib/bench-checkout.mjs")).printCheckoutTargets(rows)
  if (shopUncached) {
    const verdict = shopUncached.p95 <= SSR_UNCACHED_P95_TARGET_MS ? "✔" : "✘"
    console.log(
      `\nSSR /shop, every URL new, ${shopUncached.connections} connections: p95 ${shopUncached.p95} ms, target ≤ ${SSR_UNCACHED_P95_TARGET_MS} ms ${verdict} (${shopUncached.rps} req/s)`
    )
  }
  if (paths) {
    console.log(`\norder paths (${PATH_ORDERS} orders each, one at a time, ms):`)
    for (const [name, t] of Object.entries(paths))
      console.log(`  ${name.padEnd(46)} p50 ${String(t.p50).padStart(6)}  p95 ${String(t.p95).padStart(6)}`)
  }
  if (emails) {
    console.log(`\nstaff action → customer email written (${EMAIL_RUNS} orders, one at a time, ms):`)
    for (const [name, t] of Object.entries(emails))
      console.log(`  ${name.padEnd(46)} p50 ${String(t.p50).padStart(6)}  p95 ${String(t.p95).padStart(6)}`)
  }
  if (queues) {
    console.log(
      `\nstaff work queues (${queues.orders} orders, ${QUEUE_RUNS} requests each, one at a time, ms; counts ${JSON.stringify(queues.counts)}):`
    )
    for (const [name, t] of Object.entries(queues.results))
      console.log(`  ${name.padEnd(58)} p50 ${String(t.p50).padStart(6)}  p95 ${String(t.p95).padStart(6)}  (${t.count} listed)`)
  }
  if (orders) {
    const { printOrderContention } = await import("./lib/bench-orders.mjs")
    printOrderContention(orders)
  }
  if (growth) {
    console.log(`\nthe catalogue after an order (${GROWTH_ORDERS} orders, one at a time, ms):`)
    for (const [name, t] of Object.entries(growth.afterOrder))
      console.log(`  ${name.padEnd(46)} p50 ${String(t.p50).padStart(6)}  p95 ${String(t.p95).padStart(6)}`)
    console.log(`  a new product saved (legacy API, product + variant), shown by the catalogue: ${growth.productSaveMs} ms`)
    console.log(`  backend resident memory after the reads: ${growth.memory.rss_mb} MB (peak ${growth.memory.peak_rss_mb} MB)`)
  }
  console.log("\nratios (the machine is noisy; ratios hold, absolute times don't):")
  const ratio = (a, b, key) => (a && b && b[key] ? Math.round((a[key] / b[key]) * 100) / 100 : null)
  const redisRow = (name) => rows.find((r) => r.name === `${name} [Redis cache]`)
  const ratios = {
    compat_list_vs_static_p50: ratio(compatList, staticRow, "p50"),
    compat_list_redis_vs_static_p50: ratio(redisRow("compat GET /api/products/?category="), staticRow, "p50"),
    compat_list_redis_vs_memory_p50: ratio(redisRow("compat GET /api/products/?category="), compatList, "p50"),
    compat_list_vs_medusa_p50: ratio(compatList, medusa, "p50"),
    compat_list_vs_medusa_p95: ratio(compatList, medusa, "p95"),
    shop_ssr_vs_static_p50: ratio(shop, staticRow, "p50"),
    shop_ssr_vs_static_p95: ratio(shop, staticRow, "p95"),
    shop_ssr_uncached_vs_static_p95: ratio(shopUncached, staticRow, "p95"),
  }
  for (const [k, v] of Object.entries(ratios)) console.log(`  ${k.padEnd(28)} ${v ?? "n/a"}`)
  console.log("\ngzipped JavaScript per page (the scripts its HTML loads, and its inline scripts):")
  const before = readBaseline()?.bundles ?? []
  for (const b of bundles) {
    const earlier = before.find((e) => e.page === b.page || (b.page === "/product/{id}" && e.page === "/product/x"))
    console.log(
      `  ${b.page.padEnd(14)} ${b.kb.toFixed(1)} KB in ${b.files} files (inline scripts ${b.inline_kb} KB)${earlier ? `, before ${earlier.kb} KB` : ""}`
    )
  }
  console.log("\nlighthouse (mobile):")
  for (const l of lighthouseScores)
    console.log(
      `  ${l.url.replace(storefrontUrl, "").padEnd(40)} ${l.error ?? `perf ${l.performance}  a11y ${l.accessibility}  best ${l.bestPractices}  seo ${l.seo}`}`
    )
  for (const note of notes) console.log(`note: ${note}`)

  const results = {
    at: new Date().toISOString(),
    machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
    catalogue: { products: everything.count, variants: stored, category: category.name, products_in_category: category.product_count },
    duration_s: DURATION,
    rows,
    orders,
    order_paths: paths,
    staff_action_emails: emails,
    order_queues: queues,
    ratios,
    backend_memory: growth?.memory,
    catalogue_after_order: growth?.afterOrder,
    product_save_ms: growth?.productSaveMs,
    bundles,
    lighthouse: lighthouseScores,
    notes,
    took_s: Math.round((Date.now() - started) / 1000),
  }
  const outDir = path.join(ROOT, "bench", "results")
  fs.mkdirSync(outDir, { recursive: true })
  // BENCH_OUT: where to write them instead (`npm run bench:growth` reads them back).
  const outFile = process.env.BENCH_OUT || path.join(outDir, `${results.at.replace(/[:.]/g, "-")}.json`)
  fs.writeFileSync(outFile, JSON.stringify(results, null, 2))
  log(`results written to ${path.relative(ROOT, outFile)} (${results.took_s} s in all)`)
} finally {
  await cleanup()
}

function readBaseline() {
  try {
    return JSON.parse(fs.readFileSync(BASELINE_FILE, "utf8"))
  } catch {
    return null
  }
}

/**
 * One order at a time through each path to an order, for the same variant: the legacy
 * POST /api/orders/, Medusa's Store API (cart, shipping, payment session, completion, as
 * Medusa's storefronts do) and a draft order converted through Medusa's Admin API. Every path
 * runs the same pharmacy rules (hold, number, email) inside Medusa.
 */
async function orderPathsScenario({ backendUrl, keyHeader, regionId }) {
  const request = backendRequester(backendUrl, "order paths")
  const credentials = { email: process.env.ADMIN_EMAIL || "admin@example.com", password: process.env.ADMIN_PASSWORD || "harbor-health-dev" }
  const { token: adminToken } = await request("admin sign-in", "POST", "/auth/user/emailpass", { json: credentials })
  const admin = { authorization: `Bearer ${adminToken}` }
  const { product, variant } = await benchProduct({ backendUrl, name: "Bench paths item", stock: PATH_ORDERS * 5 })
  const address = {
    first_name: "Bench",
    last_name: "Buyer",
    address_1: "1 Bench Road",
    city: "Dallas",
    province: "Texas",
    postal_code: "75202",
    country_code: "us",
    phone: "555-000-0000",
  }
  const { sales_channels } = await request("sales channels", "GET", "/admin/sales-channels?fields=id,name", { headers: admin })
  const salesChannelId = sales_channels.find((c) => c.name === "Pharmacy Storefront")?.id ?? sales_channels[0].id
  const { shipping_options } = await request("shipping options", "GET", "/admin/shipping-options?fields=id,name", { headers: admin })
  const standard = shipping_options.find((o) => o.name === "Standard Shipping")

  const timings = { legacy: [], storeCheckout: [], storeComplete: [], draft: [], draftConvert: [] }
  const time = async (list, body) => {
    const started = performance.now()
    const result = await body()
    list.push(performance.now() - started)
    return result
  }
  log(`measuring order paths (${PATH_ORDERS} orders each)`)
  for (let i = 0; i < PATH_ORDERS; i++) {
    await time(timings.legacy, () => placeLegacyOrder(request, { product, variant }))
    await time(timings.storeCheckout, async () => {
      const { cart } = await request("cart", "POST", "/store/carts", {
        headers: keyHeader,
        json: {
          region_id: regionId,
          email: "bench@example.com",
          items: [{ variant_id: variant.id, quantity: 1 }],
          shipping_address: address,
          billing_address: address,
        },
      })
      const { shipping_options: options } = await request("cart shipping options", "GET", `/store/shipping-options?cart_id=${cart.id}`, {
        headers: keyHeader,
      })
      await request("shipping method", "POST", `/store/carts/${cart.id}/shipping-methods`, {
        headers: keyHeader,
        json: { option_id: options.find((o) => o.name === "Standard Shipping").id },
      })
      const { payment_collection } = await request("payment collection", "POST", "/store/payment-collections", {
        headers: keyHeader,
        json: { cart_id: cart.id },
      })
      await request("payment session", "POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
        headers: keyHeader,
        json: { provider_id: "pp_zelle_manual" },
      })
      const completed = await time(timings.storeComplete, () =>
        request("completion", "POST", `/store/carts/${cart.id}/complete`, { headers: keyHeader })
      )
      if (completed.type !== "order") throw new Error(`order paths: completion answered ${JSON.stringify(completed).slice(0, 300)}`)
    })
    await time(timings.draft, async () => {
      const { draft_order } = await request("draft order", "POST", "/admin/draft-orders", {
        headers: admin,
        json: {
          email: "bench@example.com",
          region_id: regionId,
          sales_channel_id: salesChannelId,
          items: [{ variant_id: variant.id, quantity: 1 }],
          shipping_address: address,
          billing_address: address,
        },
      })
      await request("draft edit", "POST", `/admin/draft-orders/${draft_order.id}/edit`, { headers: admin })
      await request("draft shipping", "POST", `/admin/draft-orders/${draft_order.id}/edit/shipping-methods`, {
        headers: admin,
        json: { shipping_option_id: standard.id },
      })
      await request("draft confirm", "POST", `/admin/draft-orders/${draft_order.id}/edit/confirm`, { headers: admin })
      await time(timings.draftConvert, () =>
        request("convert", "POST", `/admin/draft-orders/${draft_order.id}/convert-to-order`, { headers: admin })
      )
    })
  }
  return {
    "legacy POST /api/orders/": timeSummary(timings.legacy),
    "Store API checkout (cart → complete, 6 calls)": timeSummary(timings.storeCheckout),
    "Store API POST /store/carts/{id}/complete": timeSummary(timings.storeComplete),
    "draft order (create, ship, convert: 5 calls)": timeSummary(timings.draft),
    "Admin POST /admin/draft-orders/{id}/convert": timeSummary(timings.draftConvert),
  }
}

/** A product of the benchmark's own with one $10 variant, created through the legacy API as staff. */
async function benchProduct({ backendUrl, name, stock }) {
  const answer = async (what, response) => {
    const body = await response.json().catch(() => null)
    if (!response.ok) throw new Error(`${what} answered ${response.status} ${JSON.stringify(body)}`)
    return body
  }
  const credentials = {
    username: process.env.ADMIN_EMAIL || "admin@example.com",
    password: process.env.ADMIN_PASSWORD || "harbor-health-dev",
  }
  const token = await answer(
    "sign-in",
    await fetch(`${backendUrl}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(credentials),
    })
  )
  const auth = { authorization: `Bearer ${token.access}` }
  const categories = await answer("categories", await fetch(`${backendUrl}/api/categories/`))
  const form = new FormData()
  form.set("name", `${name} ${Date.now()}`)
  form.set("description", "Stock for a benchmark")
  form.set("category", String(categories[0].id))
  const product = await answer("create product", await fetch(`${backendUrl}/api/products/`, { method: "POST", headers: auth, body: form }))
  const variant = await answer(
    "create variant",
    await fetch(`${backendUrl}/api/products/${product.id}/variants/`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Single", price: 10, stock }),
    })
  )
  return { product, variant }
}

/** The orders with this variant and its units left (stocked minus reserved), from the database. */
async function soldOf(url, variantId) {
  const { default: pg } = await import("pg")
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows: orders } = await client.query(
      `SELECT count(DISTINCT oi.order_id)::int AS n FROM order_item oi JOIN order_line_item li ON li.id = oi.item_id
        WHERE li.variant_id = $1 AND oi.deleted_at IS NULL`,
      [variantId]
    )
    const { rows: stock } = await client.query(
      `SELECT COALESCE(SUM(il.stocked_quantity - il.reserved_quantity), 0)::int AS n FROM inventory_level il
         JOIN product_variant_inventory_item pvi ON pvi.inventory_item_id = il.inventory_item_id AND pvi.deleted_at IS NULL
        WHERE pvi.variant_id = $1 AND il.deleted_at IS NULL`,
      [variantId]
    )
    return { orders: orders[0].n, remaining: stock[0].n }
  } finally {
    await client.end()
  }
}

async function countVariants(url) {
  const { default: pg } = await import("pg")
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM product_variant v JOIN product p ON p.id = v.product_id
        WHERE v.deleted_at IS NULL AND p.deleted_at IS NULL AND p.status = 'published'`
    )
    return rows[0].n
  } finally {
    await client.end()
  }
}

async function hasCatalogue(url) {
  const { default: pg } = await import("pg")
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query("SELECT to_regclass('public.product') IS NOT NULL AS ok")
    if (!rows[0].ok) return false
    const { rows: count } = await client.query("SELECT count(*)::int AS n FROM product WHERE handle LIKE 'bench-%' AND deleted_at IS NULL")
    return count[0].n >= 500
  } finally {
    await client.end()
  }
}

/**
 * Orders under contention (scripts/lib/bench-orders.mjs) on a backend of their own, started with
 * LOG_LEVEL=debug so that its stock-lock waits can be read from its log.
 */
async function ordersOnTheirOwnBackend({ serverDir, env, storefrontUrl, DATABASE_URL, profile }) {
  const { orderContentionScenario } = await import("./lib/bench-orders.mjs")
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const logFile = path.join(BENCH_DATA_DIR, "logs", "backend-orders.log")
  fs.rmSync(logFile, { force: true })
  const backend = startServer("bench-backend-orders", process.execPath, [...profile, binOf("@medusajs/cli", "medusa"), "start"], {
    cwd: serverDir,
    env: { ...env, NODE_ENV: "production", PORT: String(port), LOG_LEVEL: "debug", STORE_CORS: storefrontUrl },
    logFile,
  })
  try {
    await waitForHttp(`${base}/health`, { child: backend })
    return await orderContentionScenario({
      backendUrl: base,
      newProduct: () => benchProduct({ backendUrl: base, name: "Bench order item", stock: ORDER_UNITS }),
      soldOf: (variantId) => soldOf(DATABASE_URL, variantId),
      logFile,
      units: ORDER_UNITS,
      duration: ORDER_DURATION,
      connectionCounts: ORDER_CONNECTIONS,
      log,
    })
  } finally {
    await stopServer(backend)
  }
}

/**
 * Gzipped size of the JavaScript a page makes the browser load: the module scripts and
 * modulepreloads in its HTML (the route manifest file among them), the inline scripts (route data aside)
 * counted as they come in the HTML. Chunks loaded later (the variant modal on intent) are not.
 */
async function pageJavaScript(pages, headers) {
  const assets = path.join(STOREFRONT_DIR, "build", "client")
  const gz = (text) => zlib.gzipSync(text).length
  const results = []
  for (const { page, url } of pages) {
    const html = await (await fetch(url, { headers })).text()
    const files = new Set()
    for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) files.add(match[1])
    for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) files.add(match[1])
    const fileBytes = [...files].reduce((n, f) => n + gz(fs.readFileSync(path.join(assets, f))), 0)
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1])
      .filter((code) => !code.includes("__remixContext.streamController")) // the loaders' data, not code
    const inlineBytes = gz(inline.join("\n"))
    results.push({
      page,
      files: files.size,
      kb: Math.round(((fileBytes + inlineBytes) / 1024) * 10) / 10,
      inline_kb: Math.round((inlineBytes / 1024) * 10) / 10,
    })
  }
  return results
}

async function runLighthouse(urls, cookie) {
  if (!fs.existsSync("/usr/bin/chromium") && !process.env.CHROME_PATH) return urls.map((url) => ({ url, error: "no Chromium" }))
  const { default: lighthouse } = await import("lighthouse")
  const chromeLauncher = await import("chrome-launcher")
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  })
  const scores = []
  try {
    for (const url of urls) {
      log(`lighthouse ${url}`)
      try {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          extraHeaders: { Cookie: cookie },
        })
        const c = result.lhr.categories
        const pct = (x) => Math.round((x?.score ?? 0) * 100)
        scores.push({
          url,
          performance: pct(c.performance),
          accessibility: pct(c.accessibility),
          bestPractices: pct(c["best-practices"]),
          seo: pct(c.seo),
          lcp_ms: Math.round(result.lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
          tbt_ms: Math.round(result.lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        })
      } catch (error) {
        scores.push({ url, error: String(error?.message ?? error).slice(0, 200) })
      }
    }
  } finally {
    await chrome.kill()
  }
  return scores
}
