// Redis for the deployment test: REDIS_URL when it is set (a database of its own on that
// server is not guaranteed, so the test only adds keys under its own names), otherwise a
// `redis-server` started on a free port and stopped afterwards. The Debian package
// `redis-server` provides it (.ci/run installs it); nothing assumes the machine has one.
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import net from "node:net"

import { freePort } from "./postgres.mjs"

export async function startRedis({ dir }) {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, external: true, stop: async () => {} }
  const binary =
    ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((p) => fs.existsSync(p)) ??
    (spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim() || null)
  if (!binary) {
    throw new Error(
      "The deployment test needs Redis: set REDIS_URL, or install redis-server (apt-get install -y redis-server; .ci/run does)"
    )
  }
  const port = await freePort()
  fs.mkdirSync(dir, { recursive: true })
  const child = spawn(binary, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], {
    stdio: ["ignore", "ignore", "inherit"],
  })
  const deadline = Date.now() + 15_000
  while (!(await answers(port))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`)
    if (Date.now() > deadline) throw new Error("redis-server did not start within 15 s")
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    external: false,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
      }),
  }
}

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1")
    socket.once("connect", () => socket.write("PING\r\n"))
    socket.once("data", (data) => {
      socket.destroy()
      resolve(data.toString().startsWith("+PONG"))
    })
    socket.once("error", () => resolve(false))
  })
}
