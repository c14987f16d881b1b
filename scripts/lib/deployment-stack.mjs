// The production deployment shape, for the deployment test: two Medusa servers
// (MEDUSA_WORKER_MODE=server) and one worker (worker) of the production build
// (.medusa/server), on one PostgreSQL and one Redis, all on free ports.
import fs from "node:fs"
import path from "node:path"

import { ensureBackendBuild } from "./builds.mjs"
import { freePort, throwAwayDatabase } from "./postgres.mjs"
import { startRedis } from "./redis.mjs"
import { backendEnv, log, migrateAndSeed, printLogTails, startMedusa, stopServer, throwAwaySecrets, waitForHttp } from "./stack.mjs"

export async function startDeployment({ smtpUrl, servers: serverCount = 2, extraEnv = {} }) {
  const processes = []
  const database = await throwAwayDatabase("deployment")
  const { workDir, dbName } = database
  let redis
  const stop = async () => {
    await Promise.all(processes.map((p) => stopServer(p)))
    await redis?.stop()
    await database.stop()
  }
  try {
    redis = await startRedis({ dir: path.join(workDir, "redis") })
    const env = backendEnv({
      DATABASE_URL: database.url,
      DATA_DIR: workDir,
      ...throwAwaySecrets(),
      MEDUSA_ADMIN_DISABLED: "true",
      SMTP_URL: smtpUrl,
      // What a real shop sets besides the pay-to handles (decision 0050), so a server started without
      // DEV_PLACEHOLDERS lacks only what a test leaves out.
      STOREFRONT_PUBLIC_URL: "https://shop.deployment.example",
      SUPPORT_EMAIL: "support@pharmacy.example",
      LOG_LEVEL: process.env.LOG_LEVEL || "warn",
      ...extraEnv,
    })
    // Migrations and the seed run once, before the deployment starts, without Redis.
    const setupEnv = { ...env, NODE_ENV: "test" }
    delete setupEnv.REDIS_URL
    log(`deployment: migrating and seeding ${dbName}...`)
    const publishableKey = await migrateAndSeed(setupEnv)
    const serverDir = await ensureBackendBuild(setupEnv)

    const start = async (name, mode) => {
      const port = await freePort()
      const child = startMedusa(name, {
        cwd: serverDir,
        env: { ...env, NODE_ENV: "production", REDIS_URL: redis.url, MEDUSA_WORKER_MODE: mode, PORT: String(port) },
        logFile: path.join(workDir, `${name}.log`),
      })
      processes.push(child)
      const url = `http://127.0.0.1:${port}`
      return { name, url, child, ready: () => waitForHttp(`${url}/health`, { child, timeoutMs: 180_000 }) }
    }
    const worker = await start("worker", "worker")
    const servers = []
    for (let i = 0; i < serverCount; i++) servers.push(await start(`server-${"ABCDEFGH"[i]}`, "server"))
    await Promise.all([worker, ...servers].map((p) => p.ready()))
    log(`deployment: ${servers.map((s) => `${s.name} ${s.url}`).join(", ")}, worker ${worker.url}, redis ${redis.url}`)
    /**
     * Starts one more server with these settings (a variable set to undefined is left out) and
     * answers how it ended: its exit code and log, or `running` when it still serves after
     * `timeoutMs` (then it is stopped).
     */
    const tryServer = async (name, overrides, { timeoutMs = 60_000 } = {}) => {
      const port = await freePort()
      const tryEnv = {
        ...env,
        NODE_ENV: "production",
        REDIS_URL: redis.url,
        MEDUSA_WORKER_MODE: "server",
        PORT: String(port),
        ...overrides,
      }
      const child = startMedusa(name, {
        cwd: serverDir,
        env: tryEnv,
        logFile: path.join(workDir, `${name}.log`),
      })
      processes.push(child)
      const code = await new Promise((resolve) => {
        const timer = setTimeout(() => resolve("running"), timeoutMs)
        child.once("exit", (exitCode) => {
          clearTimeout(timer)
          resolve(exitCode)
        })
      })
      if (code === "running") await stopServer(child)
      else await new Promise((r) => setTimeout(r, 200)) // the log stream flushes
      return { code, log: fs.existsSync(child.logFile) ? fs.readFileSync(child.logFile, "utf8") : "" }
    }
    return {
      tryServer,
      servers: servers.map((s) => s.url),
      workerUrl: worker.url,
      redisUrl: redis.url,
      databaseUrl: database.url,
      publishableKey,
      logs: () =>
        processes
          .map((p) => `--- ${p.name} ---\n${fs.existsSync(p.logFile) ? fs.readFileSync(p.logFile, "utf8").slice(-3000) : ""}`)
          .join("\n"),
      stop,
    }
  } catch (error) {
    printLogTails(processes)
    await stop()
    throw error
  }
}
