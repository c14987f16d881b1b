import fs from "node:fs"
import path from "node:path"

import { describe, expect, it } from "vitest"
import { parse } from "yaml"

// Docker cannot run here, so check what can be checked without it: the file
// parses, the services a deployment needs exist and reference each other
// correctly, and the build targets exist in the Dockerfile.
const root = path.resolve(__dirname, "../..")
const compose = parse(fs.readFileSync(path.join(root, "docker-compose.yml"), "utf8"), { merge: true })
const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8")

describe("docker-compose.yml", () => {
  it("defines postgres, redis, the Medusa server and worker, and the storefront", () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(["postgres", "redis", "setup", "backend", "worker", "storefront"]))
    expect(compose.services.backend.environment.MEDUSA_WORKER_MODE).toBe("server")
    expect(compose.services.worker.environment.MEDUSA_WORKER_MODE).toBe("worker")
    expect(compose.services.backend.environment.REDIS_URL).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]*\}@redis:6379$/)
    expect(compose.services.backend.environment.DATABASE_URL).toMatch(/@postgres:5432\//)
  })

  it("can scale the server to several replicas: a port range on the host's loopback only, one worker, shared Redis", () => {
    const ports: string[] = compose.services.backend.ports ?? []
    for (const port of ports) expect(String(port)).toMatch(/^127\.0\.0\.1:\d+-\d+:9000$/)
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
    for (const secret of [
      "POSTGRES_PASSWORD",
      "JWT_SECRET",
      "COOKIE_SECRET",
      "ADMIN_PASSWORD",
      "SESSION_SECRET",
      "PHI_ENCRYPTION_KEY",
      "REDIS_PASSWORD",
      "ORDER_STATUS_LINK_SECRET",
    ]) {
      expect(text).toContain(`\${${secret}:?`)
    }
  })

  it("publishes only the storefront to the world; nothing else but the servers' loopback ports (decision 0047)", () => {
    for (const [name, service] of Object.entries<Record<string, any>>(compose.services)) {
      for (const port of service.ports ?? []) {
        if (name === "storefront") continue
        expect(String(port), `${name} publishes ${port}`).toMatch(/^127\.0\.0\.1:/)
      }
    }
    expect(compose.services.storefront.ports).toEqual(["3000:3000"])
  })

  it("runs Redis with a required password, used by every backend process and the health check", () => {
    const redis = compose.services.redis
    expect(redis.command).toEqual(["redis-server", "--requirepass", "${REDIS_PASSWORD:?set REDIS_PASSWORD}"])
    expect(redis.environment.REDISCLI_AUTH).toBe("${REDIS_PASSWORD:?set REDIS_PASSWORD}")
    for (const name of ["setup", "backend", "worker"]) {
      expect(compose.services[name].environment.REDIS_URL, name).toContain("${REDIS_PASSWORD:?")
    }
  })

  it("lets the backend believe X-Forwarded-For from the storefront's fixed address only (not a whole range)", () => {
    const storefrontAddress = compose.services.storefront.networks.storefront.ipv4_address
    const [subnet] = compose.networks.storefront.ipam.config.map((c: { subnet: string }) => c.subnet)
    const [base, bits] = subnet.split("/")
    expect(Number(bits)).toBe(24)
    expect(storefrontAddress.split(".").slice(0, 3)).toEqual(base.split(".").slice(0, 3))
    for (const name of ["backend", "worker", "setup"]) {
      const trust = /^\$\{BACKEND_TRUST_PROXY:-([^}]+)\}$/.exec(compose.services[name].environment.TRUST_PROXY)
      expect(trust?.[1], name).toBe(storefrontAddress)
    }
    expect(compose.services.backend.networks).toEqual(expect.arrayContaining(["default", "storefront"]))
    expect(Object.keys(compose.services.storefront.networks)).toEqual(["storefront"])
  })
})

describe("docker-compose.yml: the backend's public URL (decision 0048)", () => {
  it("gives the backend and the storefront's policy the same public URL; the storefront calls the backend inside the network", () => {
    const publicUrl = "${BACKEND_URL:-http://localhost:9000}"
    for (const name of ["setup", "backend", "worker", "import"]) {
      expect(compose.services[name].environment.BACKEND_PUBLIC_URL, name).toBe(publicUrl)
    }
    expect(compose.services.storefront.environment.BACKEND_PUBLIC_URL).toBe(publicUrl)
    expect(compose.services.storefront.environment.MEDUSA_BACKEND_URL).toBe("http://backend:9000")
    expect(compose.services.backend.environment.ADMIN_CORS).toBe(publicUrl)
  })
})

describe("Dockerfile (decision 0047)", () => {
  const stages = dockerfile.split(/^(?=FROM )/m).filter((stage) => stage.startsWith("FROM "))
  const stage = (name: string) => stages.find((s) => new RegExp(`^FROM \\S+ AS ${name}$`, "m").test(s))!

  it("builds and runs on Node.js 22 LTS", () => {
    for (const from of dockerfile.match(/^FROM \S+/gm)!) {
      const image = from.slice(5)
      if (["deps", "build", "backend-deps", "storefront-deps"].includes(image)) continue
      expect(image).toBe("node:22-bookworm-slim")
    }
  })

  it("runs the backend and the storefront as the unprivileged node user", () => {
    for (const name of ["backend", "storefront"]) {
      const lines = stage(name).trim().split("\n")
      expect(
        lines.filter((l) => l.startsWith("USER ")),
        name
      ).toEqual(["USER node"])
      const user = lines.findIndex((l) => l.startsWith("USER "))
      expect(
        lines.findIndex((l) => l.startsWith("CMD ")),
        name
      ).toBeGreaterThan(user)
    }
  })

  it("ships production dependencies only: the runtime images start from a fresh Node image and take no node_modules from the build", () => {
    for (const [name, deps] of [
      ["backend", "backend-deps"],
      ["storefront", "storefront-deps"],
    ]) {
      expect(stage(name)).toMatch(/^FROM node:22-bookworm-slim AS /)
      expect(stage(deps)).toMatch(/npm ci --omit=dev --workspace (medusa-backend|storefront) /)
      for (const copy of stage(name).match(/^COPY --from=build .*$/gm) ?? []) expect(copy, name).not.toMatch(/node_modules/)
      expect(stage(name)).toContain(`COPY --from=${deps} /app ./`)
    }
  })
})
