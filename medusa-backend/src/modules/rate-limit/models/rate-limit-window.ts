import { model } from "@medusajs/framework/utils"

/**
 * How many times something counted (a failed sign-in, later an anonymous order) happened for
 * one key (`<what>:<client or account>`) in the current window. One row per key, counted with
 * an atomic upsert, so concurrent requests on any number of servers all count.
 */
export const RateLimitWindow = model.define("rate_limit_window", {
  id: model.id({ prefix: "rlw" }).primaryKey(),
  key: model.text().unique(),
  count: model.number().default(0),
  /** When the window ends; the next hit after it starts a new window at 1. */
  expires_at: model.dateTime(),
})
