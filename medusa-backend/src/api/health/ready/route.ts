import crypto from "node:crypto"

import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

type Check = "ok" | "failed" | "not configured"

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), ms))])

/**
 * GET /health/ready: whether this process can serve, for load balancers and docker-compose
 * health checks. Medusa's own `/health` only says the process is up; this also reaches
 * PostgreSQL and, when REDIS_URL is set, Redis (through the locking module, which every order
 * needs). 200 when every check passes, 503 otherwise. Says nothing about the data.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const checks: Record<"postgres" | "redis", Check> = { postgres: "failed", redis: "not configured" }
  const work: Promise<void>[] = [
    within(2000, req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION).raw("select 1")).then(
      () => void (checks.postgres = "ok"),
      () => void (checks.postgres = "failed")
    ),
  ]
  if (process.env.REDIS_URL) {
    const locking = req.scope.resolve(Modules.LOCKING)
    work.push(
      within(
        2000,
        locking.execute(`readiness:${crypto.randomUUID()}`, async () => {}, { timeout: 2 })
      ).then(
        () => void (checks.redis = "ok"),
        () => void (checks.redis = "failed")
      )
    )
  }
  await Promise.all(work)
  const ready = Object.values(checks).every((c) => c !== "failed")
  res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable", checks })
}
