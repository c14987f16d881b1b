// Load generation for the benchmarks: autocannon on loopback, keeping every
// response time so p50/p95/p99 come from the real distribution (autocannon
// itself reports p97.5, not p95).
import http from "node:http"

import autocannon from "autocannon"

export function percentile(sorted, p) {
  if (!sorted.length) return NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]
}

/** How many times, and their p50/p95/p99 in ms to 0.1 (null when there are none): every bench row's figures. */
export function timeSummary(times) {
  const sorted = [...times].sort((a, b) => a - b)
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
  }
}

/**
 * Runs one scenario for `duration` seconds with `connections` concurrent
 * connections. `requests` may cycle through several paths/bodies.
 */
export async function measure({ name, url, connections = 10, duration = 10, method = "GET", headers = {}, body, requests, timeout = 10 }) {
  const times = []
  const statuses = new Map()
  const timesByStatus = new Map()
  const instance = autocannon({
    url,
    connections,
    duration,
    method,
    headers,
    body,
    requests,
    timeout, // seconds; a slower answer counts as an error
  })
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime)
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1)
    if (!timesByStatus.has(statusCode)) timesByStatus.set(statusCode, [])
    timesByStatus.get(statusCode).push(responseTime)
  })
  const result = await instance
  const { p50, p95, p99 } = timeSummary(times)
  const non2xx = [...statuses].filter(([code]) => code < 200 || code >= 300).reduce((n, [, c]) => n + c, 0)
  return {
    name,
    connections,
    duration,
    requests: times.length,
    rps: Math.round((times.length / duration) * 10) / 10,
    p50,
    p95,
    p99,
    errors: result.errors + result.timeouts + non2xx,
    timeouts: result.timeouts,
    statuses: Object.fromEntries(statuses),
    /** The response times of each status code apart (e.g. placed orders and refusals). */
    byStatus: Object.fromEntries([...timesByStatus].map(([code, list]) => [code, timeSummary(list)])),
  }
}

const round = (n) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : null)

/** A bare Node HTTP server answering every request with `body` as JSON: the floor. */
export function staticJsonServer(body) {
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body)
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": buffer.length })
    res.end(buffer)
  })
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) })
    })
  })
}

/** The table of scenarios; with `baseline` (an earlier results file), its p50/p95 side by side. */
export function printTable(rows, baseline = null) {
  const before = new Map((baseline?.rows ?? []).map((r) => [r.name.replace(/ \(\d+ KB.*\)$/, ""), r]))
  const earlier = (r) => before.get(r.name.replace(/ \(\d+ KB.*\)$/, ""))
  const header = ["scenario", "conn", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", ...(baseline ? ["before p50", "before p95"] : [])]
  const lines = rows.map((r) =>
    [
      r.name,
      r.connections,
      r.rps,
      r.p50,
      r.p95,
      r.p99,
      r.errors,
      ...(baseline ? [earlier(r)?.p50 ?? "-", earlier(r)?.p95 ?? "-"] : []),
    ].map(String)
  )
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const fmt = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ")
  console.log(fmt(header))
  console.log(widths.map((w) => "-".repeat(w)).join("  "))
  for (const line of lines) console.log(fmt(line))
}

/**
 * JSON calls to the backend for a benchmark's set-up and steps: `request(what, method, path, {json, headers})`
 * answers the parsed body, or throws naming the scenario and the step (`what`) with the status and body.
 */
export function backendRequester(backendUrl, scenario) {
  return async function request(what, method, url, { json, headers = {} } = {}) {
    const response = await fetch(`${backendUrl}${url}`, {
      method,
      headers: { ...(json ? { "content-type": "application/json" } : {}), ...headers },
      body: json ? JSON.stringify(json) : undefined,
    })
    const body = await response.json().catch(() => null)
    if (!response.ok) throw new Error(`${scenario}: ${what} answered ${response.status} ${JSON.stringify(body)}`)
    return body
  }
}
