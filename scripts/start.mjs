// `npm start`: the whole store on one machine with only Node and npm.
// Installs what is missing, starts the database (DATABASE_URL or an embedded
// PostgreSQL), migrates, seeds on the first run, builds what changed, and
// serves the backend on :9000 and the storefront on :3000. Ctrl-C stops all.
import path from "node:path"

import { ensureProductionBuilds } from "./lib/builds.mjs"
import { BACKEND_PORT, BACKEND_PUBLIC_URL, prepareLocalStore, STOREFRONT_PORT, STOREFRONT_URL } from "./lib/local-store.mjs"
import {
  DATA_DIR,
  ensureInstalled,
  listenHost,
  log,
  readPublishableKey,
  ROOT,
  startMedusa,
  startServer,
  stopTogetherOnExit,
  STOREFRONT_DIR,
  waitForHttp,
} from "./lib/stack.mjs"

const started = Date.now()
const stack = stopTogetherOnExit({ say: true })

try {
  await ensureInstalled()
  const prepared = await prepareLocalStore()
  stack.database = prepared.database
  const env = prepared.env

  const serverDir = await ensureProductionBuilds(env)
  // Not the whole network by default: the seeded staff password is public (decision 0047).
  const host = listenHost()

  const backend = startMedusa("backend", {
    cwd: serverDir,
    env: { ...env, NODE_ENV: "production", PORT: String(BACKEND_PORT), HOST: host },
    logFile: path.join(DATA_DIR, "logs", "backend.log"),
    echo: true,
  })
  stack.running.push(backend)
  await waitForHttp(`http://127.0.0.1:${BACKEND_PORT}/health`, { child: backend })

  const storefront = startServer("storefront", process.execPath, ["server/index.mjs", "build/server/index.js"], {
    cwd: STOREFRONT_DIR,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(STOREFRONT_PORT),
      HOST: host,
      // Its own calls to the backend stay on this machine; browsers load pictures from the public URL.
      MEDUSA_BACKEND_URL: process.env.STOREFRONT_BACKEND_URL || `http://127.0.0.1:${BACKEND_PORT}`,
      BACKEND_PUBLIC_URL,
      // Its own public origin: the sitemap's, robots.txt's and canonical links' URLs (decision 0055).
      STOREFRONT_PUBLIC_URL: prepared.env.STOREFRONT_PUBLIC_URL,
      MEDUSA_PUBLISHABLE_KEY: process.env.MEDUSA_PUBLISHABLE_KEY || readPublishableKey(),
      SESSION_SECRET: prepared.env.SESSION_SECRET,
    },
    logFile: path.join(DATA_DIR, "logs", "storefront.log"),
    echo: true,
  })
  stack.running.push(storefront)
  await waitForHttp(`http://127.0.0.1:${STOREFRONT_PORT}/`, { child: storefront })

  for (const child of stack.running) {
    child.once("exit", (code) => {
      if (!stack.stopping) {
        log(`${child.name} stopped unexpectedly (exit ${code}); see ${child.logFile}`)
        stack.shutdown(1)
      }
    })
  }

  const admin = process.env.ADMIN_EMAIL || "admin@example.com"
  console.log(`
  \x1b[32mThe store is ready\x1b[0m (${((Date.now() - started) / 1000).toFixed(0)} s)

    Storefront          ${STOREFRONT_URL}
    Staff admin area    ${STOREFRONT_URL}/admin
    Medusa Admin (ops)  ${BACKEND_PUBLIC_URL}/app
    Backend API         ${BACKEND_PUBLIC_URL}
    Admin login         ${admin} / ${process.env.ADMIN_PASSWORD ? "(ADMIN_PASSWORD)" : "harbor-health-dev"}

  Logs: ${path.relative(ROOT, path.join(DATA_DIR, "logs"))}/   Press Ctrl-C to stop everything.
`)
} catch (error) {
  console.error(`\x1b[31m[store]\x1b[0m ${error instanceof Error ? error.message : error}`)
  await stack.shutdown(1)
}
