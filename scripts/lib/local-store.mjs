// What `npm start` and `npm run dev` share: ports, the database, secrets,
// migrations, and the seed on the first run against a database.
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"

import { freePort, startPostgres } from "./postgres.mjs"
import { BACKEND_DIR, backendEnv, DATA_DIR, fingerprint, localSecrets, log, migrateDatabase, seedDatabase } from "./stack.mjs"

export const BACKEND_PORT = Number(process.env.BACKEND_PORT || 9000)
export const STOREFRONT_PORT = Number(process.env.STOREFRONT_PORT || 3000)
/**
 * Where browsers reach the backend (decision 0048): its pictures, Medusa Admin, the CORS origins.
 * The backend and the storefront's Content-Security-Policy get this one value. MEDUSA_BACKEND_URL
 * is its name before 0048; the storefront's server-side calls go to 127.0.0.1 instead (start.mjs).
 */
export const BACKEND_PUBLIC_URL = process.env.BACKEND_PUBLIC_URL || process.env.MEDUSA_BACKEND_URL || `http://localhost:${BACKEND_PORT}`
export const STOREFRONT_URL = process.env.STOREFRONT_URL || `http://localhost:${STOREFRONT_PORT}`

/** Starts the database and brings it up to date. Returns it and the backend's environment. */
export async function prepareLocalStore() {
  for (const port of [BACKEND_PORT, STOREFRONT_PORT]) {
    if ((await freePort(port)) !== port) throw new Error(`Port ${port} is in use; stop what uses it and try again.`)
  }
  const database = await startPostgres({ dataDir: path.join(DATA_DIR, "postgres"), databases: ["medusa"] })
  const DATABASE_URL = process.env.DATABASE_URL || database.url("medusa")
  log(database.external ? "Using DATABASE_URL" : `Embedded PostgreSQL on port ${database.admin.port}`)

  const env = backendEnv({
    DATABASE_URL,
    ...localSecrets(),
    BACKEND_PUBLIC_URL,
    STORE_CORS: process.env.STORE_CORS || STOREFRONT_URL,
    // The links in customer emails (order status, decision 0050).
    STOREFRONT_PUBLIC_URL: process.env.STOREFRONT_PUBLIC_URL || STOREFRONT_URL,
    ADMIN_CORS: process.env.ADMIN_CORS || BACKEND_PUBLIC_URL,
    AUTH_CORS: process.env.AUTH_CORS || `${BACKEND_PUBLIC_URL},${STOREFRONT_URL}`,
  })

  try {
    log("Migrating the database...")
    await migrateDatabase(env)
    // The seed is idempotent but takes seconds: run it on a database's first
    // start, and again when the seed's code changed (new store setup converges).
    const databaseId = crypto
      .createHash("sha256")
      .update(DATABASE_URL.replace(/:[^:@/]*@/, "@"))
      .digest("hex")
      .slice(0, 12)
    const seededMarker = path.join(DATA_DIR, `seeded-${databaseId}`)
    const seedVersion = fingerprint([path.join(BACKEND_DIR, "src", "scripts"), path.join(BACKEND_DIR, "src", "shared")])
    const seeded = fs.existsSync(seededMarker) ? fs.readFileSync(seededMarker, "utf8") : ""
    if (seeded !== seedVersion || !fs.existsSync(path.join(DATA_DIR, "publishable-key"))) {
      log(seeded ? "Updating the store setup (the seed changed)..." : "Seeding the catalogue (first run)...")
      await seedDatabase(env)
      fs.writeFileSync(seededMarker, seedVersion)
    }
  } catch (error) {
    await database.stop()
    throw error
  }
  return { database, env }
}
