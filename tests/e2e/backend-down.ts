import fs from "node:fs"
import os from "node:os"
import path from "node:path"

import { freePort } from "../../scripts/lib/postgres.mjs"
import { stopServer } from "../../scripts/lib/stack.mjs"
import { startStorefront } from "../../scripts/lib/test-stack.mjs"

/**
 * A second storefront of the same build whose backend is down (a free port nobody listens on), at
 * `url`; `stop()` when done.
 */
export async function storefrontWithBackendDown(publishableKey: string) {
  const deadBackend = `http://127.0.0.1:${await freePort()}`
  const port = await freePort()
  const storefront = await startStorefront({
    port,
    backendUrl: deadBackend,
    publishableKey,
    logFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sf-backend-down-")), "storefront.log"),
  })
  return { url: `http://localhost:${port}`, stop: () => stopServer(storefront) }
}
