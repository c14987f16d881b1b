import { medusaIntegrationTestRunner } from "@medusajs/test-utils"

import { BACKEND_DIR } from "./helpers"

medusaIntegrationTestRunner({
  cwd: BACKEND_DIR,
  testSuite: ({ api }) => {
    describe("GET /health/ready", () => {
      it("answers 200 when PostgreSQL answers, and says Redis is not configured without REDIS_URL", async () => {
        const answer = await api.get("/health/ready")
        expect(answer.status).toBe(200)
        expect(answer.data).toEqual({ status: "ready", checks: { postgres: "ok", redis: "not configured" } })
      })
    })
  },
})
