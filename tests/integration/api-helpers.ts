/** Calling the legacy /api of the backend under test with plain fetch (JSON, multipart, headers). */
import crypto from "node:crypto"

import { expect } from "vitest"

import { DEV_ADMIN } from "../../medusa-backend/src/scripts/seed/admin-credentials"
import { totp } from "../support/totp"

export type ApiAnswer<T = any> = { status: number; body: T; headers: Headers }

export type CallInit = {
  json?: unknown
  /** Sent as is (malformed JSON tests). */
  raw?: string
  form?: Record<string, string | { bytes: Uint8Array; filename: string; type?: string }>
  token?: string
  headers?: Record<string, string>
}

/** A caller bound to the test server: `call("POST", "/api/products/", { form, token })`. */
export function apiCaller(api: { defaults: { baseURL?: string } }) {
  return async function call<T = any>(method: string, path: string, init: CallInit = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...init.headers }
    let body: BodyInit | undefined
    if (init.json !== undefined) {
      headers["content-type"] = "application/json"
      body = JSON.stringify(init.json)
    } else if (init.raw !== undefined) {
      headers["content-type"] ??= "application/json"
      body = init.raw
    } else if (init.form) {
      const form = new FormData()
      for (const [name, value] of Object.entries(init.form)) {
        if (typeof value === "string") form.append(name, value)
        else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? "application/octet-stream" }), value.filename)
      }
      body = form
    }
    if (init.token) headers.authorization = `Bearer ${init.token}`
    const response = await fetch(`${api.defaults.baseURL}${path}`, { method, headers, body })
    const text = await response.text()
    let parsed: any = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {}
    return { status: response.status, body: parsed, headers: response.headers }
  }
}

export type Call = ReturnType<typeof apiCaller>

/** The /api's refusal of bad input: a 4xx in its JSON error shape (`detail`, the same `message`), never a stack trace. */
export function expectClientError(answer: ApiAnswer, label: string) {
  expect(answer.status, label).toBeGreaterThanOrEqual(400)
  expect(answer.status, label).toBeLessThan(500)
  expect(typeof answer.body.detail, label).toBe("string")
  expect(answer.body.message, label).toBe(answer.body.detail)
  expect(JSON.stringify(answer.body), label).not.toMatch(/at .+\.(ts|js):\d+/)
}

/** Authenticator-app secrets of the accounts these tests enrolled, by email: the tests' "phone". */
export const totpSecrets = new Map<string, string>()

/**
 * Signs in as a staff user (the seeded one by default) through the API; for an account with
 * two-step sign-in, with a real code from the secret enrolled by `enrolTotp` (decision 0044).
 */
export async function staffTokens(call: Call, credentials = DEV_ADMIN): Promise<{ access: string; refresh: string }> {
  const answer = await call("POST", "/api/token/", { json: { username: credentials.email, password: credentials.password } })
  if (answer.status !== 200) throw new Error(`Sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  if (!answer.body.mfa_required) return answer.body
  const secret = totpSecrets.get(credentials.email.toLowerCase())
  if (!secret) throw new Error(`${credentials.email} has two-step sign-in, but these tests do not know its secret`)
  const second = await call("POST", "/api/token/mfa/", { json: { mfa_token: answer.body.mfa_token, code: totp(secret) } })
  if (second.status !== 200) throw new Error(`Sign-in code refused: ${second.status} ${JSON.stringify(second.body)}`)
  return second.body
}

/** Enrols an authenticator app for the staff member of `access`, as the staff area's Security page does; answers its secret. */
export async function enrolTotp(call: Call, access: string, email: string): Promise<string> {
  const started = await call("POST", "/api/mfa/totp/", { token: access })
  if (started.status !== 201) throw new Error(`Enrolment refused: ${started.status} ${JSON.stringify(started.body)}`)
  const secret = started.body.secret as string
  const verified = await call("POST", `/api/mfa/totp/${started.body.factor_id}/verify/`, { token: access, json: { code: totp(secret) } })
  if (verified.status !== 200) throw new Error(`Enrolment code refused: ${verified.status} ${JSON.stringify(verified.body)}`)
  totpSecrets.set(email.toLowerCase(), secret)
  return secret
}

/**
 * A pharmacist's tokens, of a session verified with a second factor: pharmacists must use
 * two-step sign-in to read prescription information (decision 0044). Enrols an app the first
 * time (the enrolling session counts as verified), signs in with a code afterwards.
 */
export async function pharmacistTokens(call: Call, credentials = DEV_ADMIN): Promise<{ access: string; refresh: string }> {
  const tokens = await staffTokens(call, credentials)
  const session = await call("GET", "/api/token/session/", { token: tokens.access })
  if (!session.body?.mfa_verified) await enrolTotp(call, tokens.access, credentials.email)
  return tokens
}

export const randomKey = () => crypto.randomUUID()

type Db = { raw: (sql: string, bindings?: unknown[]) => Promise<{ rows: any[] }> }

/**
 * A fingerprint of everything the API can write: catalogue, stock, prices,
 * options, files on products, orders, carts and prescription requests. Equal
 * fingerprints before and after a refused request mean nothing was written.
 */
export async function storeFingerprint(db: Db): Promise<Record<string, string>> {
  const queries: Record<string, string> = {
    products: `SELECT md5(coalesce(string_agg(id || title || coalesce(description,'') || coalesce(thumbnail,'') || coalesce(metadata::text,'') || status, ',' ORDER BY id), '')) AS v FROM product WHERE deleted_at IS NULL`,
    variants: `SELECT md5(coalesce(string_agg(id || coalesce(title,'') || coalesce(variant_rank::text,''), ',' ORDER BY id), '')) AS v FROM product_variant WHERE deleted_at IS NULL`,
    categories: `SELECT md5(coalesce(string_agg(id || name || handle, ',' ORDER BY id), '')) AS v FROM product_category WHERE deleted_at IS NULL`,
    product_categories: `SELECT md5(coalesce(string_agg(product_id || product_category_id, ',' ORDER BY product_id, product_category_id), '')) AS v FROM product_category_product`,
    option_values: `SELECT md5(coalesce(string_agg(id || value, ',' ORDER BY id), '')) AS v FROM product_option_value WHERE deleted_at IS NULL`,
    prices: `SELECT md5(coalesce(string_agg(id || amount::text, ',' ORDER BY id), '')) AS v FROM price WHERE deleted_at IS NULL`,
    stock: `SELECT md5(coalesce(string_agg(id || stocked_quantity::text || reserved_quantity::text, ',' ORDER BY id), '')) AS v FROM inventory_level WHERE deleted_at IS NULL`,
    orders: `SELECT count(*)::text AS v FROM "order"`,
    carts: `SELECT count(*)::text AS v FROM cart WHERE deleted_at IS NULL`,
    prescription_requests: `SELECT count(*)::text AS v FROM prescription_request`,
  }
  const result: Record<string, string> = {}
  for (const [name, sql] of Object.entries(queries)) result[name] = String((await db.raw(sql)).rows[0].v)
  return result
}
