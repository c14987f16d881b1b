import fs from "node:fs"
import path from "node:path"
import { parse } from "yaml"
import { describe, expect, it } from "vitest"

// Docker cannot run here, so check what can be checked without it: the file
// parses, the services a deployment needs exist and reference each other
// correctly, and the build targets exist in the Dockerfile.
const root = path.resolve(__dirname, "../..")
const compose = parse(fs.readFileSync(path.join(root, "docker-compose.yml"), "utf8"), { merge: true })
const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8")

describe("docker-compose.yml", () => {
  it("defines postgres, redis, the Medusa server and worker, and the storefront", () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(["postgres", "redis", "setup", "backend", "worker", "storefront"])
    )
    expect(compose.services.backend.environment.MEDUSA_WORKER_MODE).toBe("server")
    expect(compose.services.worker.environment.MEDUSA_WORKER_MODE).toBe("worker")
    expect(compose.services.backend.environment.REDIS_URL).toMatch(/^redis:\/\/redis:/)
    expect(compose.services.backend.environment.DATABASE_URL).toMatch(/@postgres:5432\//)
  })

  it("can scale the server to several replicas: no fixed host port, one worker, shared Redis", () => {
    const ports: string[] = compose.services.backend.ports ?? []
    for (const port of ports) expect(String(port)).toMatch(/^\d+-\d+:9000$/)
    expect(compose.services.worker.ports ?? []).toEqual([])
    expect(compose.services.worker.environment.REDIS_URL).toBe(compose.services.backend.environment.REDIS_URL)
  })

  it("checks a server's readiness (PostgreSQL and Redis reachable), not only that it runs", () => {
    expect(compose.services.backend.healthcheck.test.join(" ")).toContain("/health/ready")
  })

  it("only depends on services and volumes it declares", () => {
    for (const [name, service] of Object.entries<Record<string, any>>(compose.services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) {
        expect(compose.services, `${name} depends on ${dependency}`).toHaveProperty(dependency)
      }
      for (const volume of service.volumes ?? []) {
        const source = String(volume).split(":")[0]
        if (!source.startsWith(".") && !source.startsWith("/")) {
          expect(compose.volumes, `${name} mounts ${source}`).toHaveProperty(source)
        }
      }
    }
  })

  it("builds targets that exist in the Dockerfile", () => {
    for (const service of Object.values<Record<string, any>>(compose.services)) {
      if (service.build) expect(dockerfile).toMatch(new RegExp(`^FROM .* AS ${service.build.target}$`, "m"))
    }
  })

  it("requires real secrets instead of shipping defaults", () => {
    const text = fs.readFileSync(path.join(root, "docker-compose.yml"), "utf8")
    for (const secret of ["POSTGRES_PASSWORD", "JWT_SECRET", "COOKIE_SECRET", "ADMIN_PASSWORD", "SESSION_SECRET", "PHI_ENCRYPTION_KEY"]) {
      expect(text).toContain(`\${${secret}:?`)
    }
  })
})
