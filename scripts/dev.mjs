// `npm run dev`: watch mode. Same database preparation as `npm start`, then
// `medusa develop` (reloads on backend changes) and the Remix dev server (HMR).
// The Medusa Admin dashboard is off to save memory; MEDUSA_ADMIN_DISABLED=false turns it on.
import path from "node:path"

import { BACKEND_PORT, prepareLocalStore, STOREFRONT_PORT } from "./lib/local-store.mjs"
import {
  BACKEND_DIR,
  binOf,
  DATA_DIR,
  ensureInstalled,
  log,
  readPublishableKey,
  startServer,
  stopTogetherOnExit,
  STOREFRONT_DIR,
  waitForHttp,
} from "./lib/stack.mjs"

const stack = stopTogetherOnExit()

try {
  await ensureInstalled()
  const prepared = await prepareLocalStore()
  stack.database = prepared.database
  const backend = startServer("backend", process.execPath, [binOf("@medusajs/cli", "medusa"), "develop"], {
    cwd: BACKEND_DIR,
    env: { ...prepared.env, PORT: String(BACKEND_PORT), MEDUSA_ADMIN_DISABLED: process.env.MEDUSA_ADMIN_DISABLED ?? "true" },
    logFile: path.join(DATA_DIR, "logs", "backend-dev.log"),
    echo: true,
  })
  stack.running.push(backend)
  await waitForHttp(`http://127.0.0.1:${BACKEND_PORT}/health`, { child: backend })

  const storefront = startServer(
    "storefront",
    process.execPath,
    [binOf("@remix-run/dev", "remix", STOREFRONT_DIR), "vite:dev", "--port", String(STOREFRONT_PORT)],
    {
      cwd: STOREFRONT_DIR,
      env: {
        ...process.env,
        MEDUSA_BACKEND_URL: `http://127.0.0.1:${BACKEND_PORT}`,
        MEDUSA_PUBLISHABLE_KEY: process.env.MEDUSA_PUBLISHABLE_KEY || readPublishableKey(),
        SESSION_SECRET: prepared.env.SESSION_SECRET,
      },
      logFile: path.join(DATA_DIR, "logs", "storefront-dev.log"),
      echo: true,
    }
  )
  stack.running.push(storefront)
  log(`Watching. Storefront http://localhost:${STOREFRONT_PORT}, backend http://localhost:${BACKEND_PORT}. Ctrl-C stops.`)
} catch (error) {
  console.error(`\x1b[31m[store]\x1b[0m ${error instanceof Error ? error.message : error}`)
  await stack.shutdown(1)
}
