/**
 * The storefront's only way to the backend: Medusa's JS SDK, used from loaders
 * and actions (server side), never from the browser.
 */
import Medusa, { FetchError } from "@medusajs/js-sdk"
import { config } from "./config.server"

export const sdk = new Medusa({
  baseUrl: config.backendUrl,
  publishableKey: config.publishableKey,
  auth: { type: "jwt", jwtTokenStorageMethod: "nostore" },
})

/**
 * Runs a backend call and turns failures into HTTP responses that the route
 * error boundaries know how to show: 404 stays 404, an unreachable or failing
 * backend becomes 503 ("the store is unavailable"), never a stack trace.
 */
export async function fromBackend<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof FetchError && error.status === 404) {
      throw new Response("Not Found", { status: 404 })
    }
    if (error instanceof FetchError && error.status && error.status < 500) throw error
    console.error(`Backend call failed: ${error instanceof Error ? error.message : String(error)}`)
    throw new Response("The store backend is unavailable", { status: 503 })
  }
}
