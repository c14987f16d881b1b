/**
 * What the order pages of a guest share (issue 23, decision 0050): the confirmation, the status
 * page reached through the signed link of their emails, and "Find my order". Words and small
 * pure helpers only, for the server and the browser; the backend calls are in
 * app/lib/data/orders.server.ts.
 */
import { STORE_TIME_ZONE } from "@shared/payment-block"

export const FIND_MY_ORDER_PATH = "/find-my-order"

export const orderStatusPath = (token: string) => `/order-status/${encodeURIComponent(token)}`

/** Backend answers a guest's order pages send: never stored by a cache, never indexed (decision 0050). */
export const ORDER_PAGE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const

export const STATUS_UNAVAILABLE = "We can't show this order right now. Please try again in a few minutes."

/** A per-client limit's answer in words: "Too many tries. Please wait 2 minutes and try again." */
export function tooManyTries(retryAfterSeconds: number | null): string {
  const minutes = retryAfterSeconds === null ? null : Math.max(1, Math.ceil(retryAfterSeconds / 60))
  const wait = minutes === null ? "a few minutes" : minutes === 1 ? "1 minute" : `${minutes} minutes`
  return `Too many tries. Please wait ${wait} and try again.`
}

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: STORE_TIME_ZONE })

/** "2026-11-25T17:42:04.000Z" → "November 25, 2026", the day in the store's time zone (as the emails say it); "" when not a date. */
export function orderDateText(iso: string | null | undefined): string {
  if (!iso) return ""
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date)
}

/** A link the page may open: http(s) only (the backend sends no other; a tracking URL is the carrier's). */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null
  } catch {
    return null
  }
}
