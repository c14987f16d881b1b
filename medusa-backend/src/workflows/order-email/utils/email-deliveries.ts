/**
 * Whether each customer email of an order reached the mail server (issue 23): an email is the
 * tries of one first-try key (Medusa notification rows: `<key>`, `<key>:retry-1`, ...). One that
 * succeeded is sent. A failed one is tried again by the retry job with backoff (5 minutes,
 * doubling, at most 4 hours apart) for 24 hours from its first try, then given up (failed). A try
 * still pending after 10 minutes died with its process and counts as failed.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { queryRows } from "../../../lib/query-rows"
import { firstTryKey, isOrderEmailKind, ORDER_EMAIL_KINDS, ORDER_EMAIL_LABELS, type OrderEmailKind } from "./email-kinds"

export const RETRY_FOR_MS = 24 * 3600 * 1000
export const FIRST_RETRY_AFTER_MS = 5 * 60 * 1000
export const MAX_RETRY_GAP_MS = 4 * 3600 * 1000
/** A send that has not answered in this long is taken for dead (SMTP timeouts are far shorter). */
export const STALE_PENDING_MS = 10 * 60 * 1000

/** A notification row as the deliveries read it. */
export type EmailTry = {
  id: string
  template: string | null
  status: string
  idempotency_key: string | null
  resource_id: string | null
  data: Record<string, unknown> | null
  created_at: Date | string
}

export type EmailDelivery = {
  key: string
  kind: OrderEmailKind
  order_id: string
  ref: string | null
  status: "sent" | "sending" | "retrying" | "failed"
  tries: number
  first_try_at: Date
  last_try_at: Date
  /** When the retry job may try again; null when it will not (sent, sending, given up). */
  retry_at: Date | null
}

/** The wait after the `tries`-th failed try: 5 min, 10, 20, ... at most 4 h. */
export const retryGapMs = (tries: number) => Math.min(FIRST_RETRY_AFTER_MS * 2 ** Math.max(0, tries - 1), MAX_RETRY_GAP_MS)

/** The emails the tries make up, oldest first; tries of other kinds of notification are left out. */
export function emailDeliveries(tries: EmailTry[], now: Date = new Date()): EmailDelivery[] {
  const groups = new Map<string, EmailTry[]>()
  for (const row of tries) {
    if (!row.idempotency_key || !isOrderEmailKind(row.template) || !row.resource_id) continue
    const key = firstTryKey(row.idempotency_key)
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  const deliveries: EmailDelivery[] = []
  for (const [key, rows] of groups) {
    rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
    const first = rows[0]
    const last = rows[rows.length - 1]
    const firstAt = new Date(first.created_at)
    const lastAt = new Date(last.created_at)
    const ref = typeof first.data?.ref === "string" ? first.data.ref : null
    const base = {
      key,
      kind: first.template as OrderEmailKind,
      order_id: first.resource_id!,
      ref,
      tries: rows.length,
      first_try_at: firstAt,
    }
    if (rows.some((row) => row.status === "success")) {
      const sent = rows.find((row) => row.status === "success")!
      deliveries.push({ ...base, status: "sent", last_try_at: new Date(sent.created_at), retry_at: null })
      continue
    }
    if (last.status === "pending" && now.getTime() - lastAt.getTime() < STALE_PENDING_MS) {
      deliveries.push({ ...base, status: "sending", last_try_at: lastAt, retry_at: null })
      continue
    }
    const retryAt = new Date(lastAt.getTime() + retryGapMs(rows.length))
    const givenUp = Math.max(retryAt.getTime(), now.getTime()) - firstAt.getTime() > RETRY_FOR_MS
    deliveries.push({ ...base, status: givenUp ? "failed" : "retrying", last_try_at: lastAt, retry_at: givenUp ? null : retryAt })
  }
  return deliveries.sort((a, b) => a.first_try_at.getTime() - b.first_try_at.getTime())
}

export const emailLabel = (kind: OrderEmailKind) => ORDER_EMAIL_LABELS[kind]

const TRY_FIELDS = ["id", "template", "status", "idempotency_key", "resource_id", "data", "created_at"]

/** Every try of the customer emails of these orders (Medusa's notification rows, read through Query). */
export async function listEmailTries(container: MedusaContainer, orderIds: string[]): Promise<EmailTry[]> {
  if (!orderIds.length) return []
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "notification",
    fields: TRY_FIELDS,
    filters: { resource_id: orderIds, template: [...ORDER_EMAIL_KINDS] },
  })
  return queryRows<EmailTry>(data)
}

/** The orders with a try that failed (or died) since `since`: the ones the retry job looks at. */
export async function ordersWithUnsentEmails(container: MedusaContainer, since: Date, limit = 1000): Promise<string[]> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "notification",
    fields: ["resource_id"],
    filters: { status: ["failure", "pending"], template: [...ORDER_EMAIL_KINDS], resource_type: "order", created_at: { $gte: since } },
    pagination: { take: limit, order: { created_at: "ASC" } },
  })
  return [...new Set(queryRows<{ resource_id: string | null }>(data).flatMap((row) => (row.resource_id ? [row.resource_id] : [])))]
}
