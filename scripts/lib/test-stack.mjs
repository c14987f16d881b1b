// A throw-away copy of the whole store for browser tests: a fresh database
// (embedded, or a new database on DATABASE_URL's server), migrated and seeded,
// the backend from source and the storefront built into its own folder, both
// on free ports. Never touches the development database or builds.
import fs from "node:fs"
import path from "node:path"

import { ensureTestStorefrontBuild } from "./builds.mjs"
import { freePort, throwAwayDatabase } from "./postgres.mjs"
import {
  BACKEND_DIR,
  backendEnv,
  log,
  migrateAndSeed,
  printLogTails,
  startMedusa,
  startServer,
  stopServer,
  STOREFRONT_DIR,
  throwAwaySecrets,
  waitForHttp,
} from "./stack.mjs"

export async function startTestStack({ name = "e2e", buildStorefront = true } = {}) {
  const started = Date.now()
  const database = await throwAwayDatabase(name)
  const { workDir, dbName } = database
  const servers = []
  const staticDir = path.join(BACKEND_DIR, "static")
  const staticBefore = new Set(fs.existsSync(staticDir) ? fs.readdirSync(staticDir) : [])

  // The servers run in their own process groups: if this process ends without calling stop()
  // (a test runner that fails while loading its tests), they must not outlive it.
  const killServers = () => {
    for (const server of servers) {
      try {
        process.kill(-server.pid, "SIGKILL")
      } catch {}
    }
  }
  process.once("exit", killServers)

  const stop = async () => {
    process.off("exit", killServers)
    await Promise.all(servers.map((server) => stopServer(server)))
    // The seed uploads product pictures into medusa-backend/static: remove ours.
    if (fs.existsSync(staticDir)) {
      for (const file of fs.readdirSync(staticDir)) {
        if (!staticBefore.has(file)) fs.rmSync(path.join(staticDir, file), { force: true })
      }
    }
    await database.stop()
  }

  try {
    const backendPort = await freePort()
    const storefrontPort = await freePort()
    const backendUrl = `http://localhost:${backendPort}`
    const storefrontUrl = `http://localhost:${storefrontPort}`
    const env = backendEnv({
      DATABASE_URL: database.url,
      DATA_DIR: workDir,
      ...throwAwaySecrets(),
      MEDUSA_ADMIN_DISABLED: "true",
      BACKEND_PUBLIC_URL: backendUrl,
      STORE_CORS: storefrontUrl,
      STOREFRONT_PUBLIC_URL: storefrontUrl,
      ADMIN_CORS: backendUrl,
      AUTH_CORS: `${backendUrl},${storefrontUrl}`,
      LOG_LEVEL: process.env.LOG_LEVEL || "warn",
      // Short staff access tokens: the browser tests see one expire and get refreshed (tests/e2e/admin.spec.ts).
      API_ACCESS_TOKEN_TTL: "20s",
      // Every browser test is the same shopper (127.0.0.1), several at once: limits a real shopper never
      // meets would be met here. tests/e2e/abuse-limits.spec.ts uses addresses of its own.
      // The hour's window lets a test read a shopper's count without a minute ending under it (checkout.spec.ts).
      RATE_LIMIT_ORDERS: "300/1m,3000/1h",
      RATE_LIMIT_PRESCRIPTION_REQUESTS: "20/1m",
      RATE_LIMIT_CARTS: "600/1m",
      RATE_LIMIT_PROMOTION_CODES: "300/1m",
    })
    delete env.REDIS_URL // tests use Medusa's in-memory modules unless asked otherwise
    if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL

    // The storefront's build (or its copy of `npm start`'s, builds.mjs) goes on while the database is prepared.
    const buildDir = "build-test"
    const built = buildStorefront ? ensureTestStorefrontBuild(buildDir) : Promise.resolve()
    built.catch(() => {}) // awaited below; a failure must not be unhandled while the database is prepared
    log(`${name}: migrating and seeding ${dbName}...`)
    const publishableKey = await migrateAndSeed({ ...env, NODE_ENV: "test" })
    log(`${name}: database ready in ${((Date.now() - started) / 1000).toFixed(0)} s`)
    await built

    const backend = startMedusa(`${name}-backend`, {
      cwd: BACKEND_DIR,
      env: { ...env, NODE_ENV: "production", PORT: String(backendPort) },
      logFile: path.join(workDir, "backend.log"),
    })
    servers.push(backend)
    await waitForHttp(`${backendUrl}/health`, { child: backend })

    const storefront = await startStorefront({
      port: storefrontPort,
      // As `npm start`: the server calls the backend on 127.0.0.1, browsers load pictures from localhost (decision 0048).
      backendUrl: `http://127.0.0.1:${backendPort}`,
      backendPublicUrl: backendUrl,
      publishableKey,
      buildDir,
      logFile: path.join(workDir, "storefront.log"),
    })
    servers.push(storefront)
    log(`${name}: backend ${backendUrl}, storefront ${storefrontUrl} (ready in ${((Date.now() - started) / 1000).toFixed(0)} s)`)
    return { backendUrl, storefrontUrl, publishableKey, databaseUrl: database.url, workDir, stop }
  } catch (error) {
    printLogTails(servers)
    await stop()
    throw error
  }
}

/**
 * A storefront server on the built app; also used to test a storefront whose backend is down.
 * `backendUrl` is where its server calls the backend, `backendPublicUrl` where browsers load its pictures.
 */
export async function startStorefront({
  port,
  backendUrl,
  backendPublicUrl = backendUrl,
  publishableKey,
  buildDir = "build-test",
  logFile,
  sessionSecret = "test-session-secret-0123456789abcdef",
}) {
  const storefront = startServer(`storefront-${port}`, process.execPath, ["server/index.mjs", `${buildDir}/server/index.js`], {
    cwd: STOREFRONT_DIR,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      MEDUSA_BACKEND_URL: backendUrl,
      BACKEND_PUBLIC_URL: backendPublicUrl,
      MEDUSA_PUBLISHABLE_KEY: publishableKey,
      SESSION_SECRET: sessionSecret,
      // Playwright and the tests' own requests come from this machine; tests/e2e/abuse-limits.spec.ts
      // plays shoppers behind a proxy with X-Forwarded-For.
      TRUST_PROXY: "loopback",
    },
    logFile,
  })
  await waitForHttp(`http://localhost:${port}/favicon.svg`, { child: storefront })
  return storefront
}
