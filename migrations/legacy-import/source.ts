/**
 * Reads a legacy catalogue from a JSON file or from a running legacy backend
 * (its public GET /api/categories/ and /api/products/, spec §7), into
 * {categories, products}. Answers may be plain arrays or paginated objects
 * ({results, next} as Django REST framework pages them, or any object with an
 * array property); relative picture URLs are made absolute.
 *
 * From the network only under a NetworkPolicy (./guarded-fetch.ts, decision 0047):
 * https, public addresses, `next` links and redirects on the legacy backend's own
 * origin, and pages of at most 20 MB, counted as they arrive.
 */
import fs from "node:fs"
import path from "node:path"

import type { LegacyCatalog } from "./catalog"
import { checkUrl, guardedGet, type Lookup, type NetworkPolicy, type Transport } from "./guarded-fetch"

/** The largest list page read from a legacy backend. */
export const MAX_PAGE_BYTES = 20 * 1024 * 1024

export type SourceOptions = NetworkPolicy & { lookup?: Lookup; transport?: Transport }

export const isUrl = (source: string) => /^https?:\/\//i.test(source)

/** The array inside a legacy list answer (the same leniency as the legacy client, spec §8). */
export function listOf(body: unknown): { items: unknown[]; next: string | null } {
  if (Array.isArray(body)) return { items: body, next: null }
  if (body && typeof body === "object") {
    const object = body as Record<string, unknown>
    const next = typeof object.next === "string" && object.next ? object.next : null
    for (const key of ["results", "products", "categories", "data"]) {
      if (Array.isArray(object[key])) return { items: object[key] as unknown[], next }
    }
    const firstArray = Object.values(object).find(Array.isArray)
    if (firstArray) return { items: firstArray as unknown[], next }
  }
  throw new Error("No array found in the answer")
}

function absoluteImages(products: unknown[], base: string | undefined): unknown[] {
  return products.map((product) => {
    const p = product as Record<string, unknown>
    if (typeof p?.image !== "string" || !p.image || /^https?:\/\//i.test(p.image) || !base) return product
    return { ...p, image: new URL(p.image, base).toString() }
  })
}

/** Every page of a list, following `next` links, which must stay on the legacy backend's origin. */
async function fetchList(url: string, options: SourceOptions): Promise<unknown[]> {
  const origin = new URL(url).origin
  const items: unknown[] = []
  let next: string | null = url
  for (let page = 0; next && page < 1000; page++) {
    const answer = await guardedGet(next, {
      ...options,
      sameOrigin: origin,
      maxBytes: MAX_PAGE_BYTES,
      timeoutMs: 60_000,
      headers: { accept: "application/json" },
    })
    if (answer.status < 200 || answer.status > 299) throw new Error(`GET ${next} answered ${answer.status}`)
    let body: unknown
    try {
      body = JSON.parse(answer.body.toString("utf8"))
    } catch {
      throw new Error(`GET ${next} did not answer JSON`)
    }
    const list = listOf(body)
    items.push(...list.items)
    next = list.next ? new URL(list.next, answer.url).toString() : null
  }
  return items
}

export async function readLegacySource(source: string, options: SourceOptions = {}): Promise<LegacyCatalog> {
  if (isUrl(source)) {
    const base = source.replace(/\/+$/, "").replace(/\/api$/, "")
    checkUrl(base, options)
    const [categories, products] = await Promise.all([
      fetchList(`${base}/api/categories/`, options),
      fetchList(`${base}/api/products/`, options),
    ])
    return { categories, products: absoluteImages(products, `${base}/`) }
  }
  const file = path.resolve(source)
  if (!fs.existsSync(file)) throw new Error(`No such file: ${file}`)
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>
  if (!data || typeof data !== "object" || !Array.isArray(data.categories) || !Array.isArray(data.products)) {
    throw new Error(`${file} must hold {"categories": [...], "products": [...]} (the answers of GET /api/categories/ and /api/products/)`)
  }
  const base = typeof data.base_url === "string" ? data.base_url : undefined
  return { categories: data.categories, products: absoluteImages(data.products, base && `${base.replace(/\/+$/, "")}/`) }
}
