import crypto from "node:crypto"

import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"

import { RateLimitWindow } from "./models/rate-limit-window"

export type WindowCount = { count: number; expiresAt: Date }

/**
 * Fixed-window counters in Postgres: shared by every server and worker whatever else is
 * deployed, and exact under concurrency (one `INSERT ... ON CONFLICT DO UPDATE` per hit).
 */
export default class RateLimitModuleService extends MedusaService({ RateLimitWindow }) {
  /** Counts one more hit for `key` and answers the count in the current window. */
  @InjectManager()
  async hit(key: string, windowSeconds: number, @MedusaContext() context: Context = {}): Promise<WindowCount> {
    const manager = context.manager as SqlEntityManager
    const [row] = await manager.execute<{ count: number; expires_at: Date }[]>(
      `INSERT INTO rate_limit_window (id, key, count, expires_at)
       VALUES (?, ?, 1, now() + make_interval(secs => ?))
       ON CONFLICT (key) WHERE deleted_at IS NULL DO UPDATE SET
         count = CASE WHEN rate_limit_window.expires_at <= now() THEN 1 ELSE rate_limit_window.count + 1 END,
         expires_at = CASE WHEN rate_limit_window.expires_at <= now() THEN EXCLUDED.expires_at ELSE rate_limit_window.expires_at END,
         updated_at = now()
       RETURNING count, expires_at`,
      [`rlw_${crypto.randomUUID().replace(/-/g, "")}`, key, windowSeconds]
    )
    return { count: Number(row.count), expiresAt: new Date(row.expires_at) }
  }

  /** The counts of these keys in their current windows (keys without one are left out). */
  @InjectManager()
  async peek(keys: string[], @MedusaContext() context: Context = {}): Promise<Map<string, WindowCount>> {
    const manager = context.manager as SqlEntityManager
    const rows = await manager.execute<{ key: string; count: number; expires_at: Date }[]>(
      `SELECT key, count, expires_at FROM rate_limit_window
        WHERE key IN (?) AND deleted_at IS NULL AND expires_at > now()`,
      [keys]
    )
    return new Map(rows.map((row) => [row.key, { count: Number(row.count), expiresAt: new Date(row.expires_at) }]))
  }

  /**
   * Takes back one hit of `key` in its current window (an attempt counted before it was checked
   * that turned out right). Never below zero; nothing when the window is over.
   */
  @InjectManager()
  async giveBack(key: string, @MedusaContext() context: Context = {}): Promise<void> {
    const manager = context.manager as SqlEntityManager
    await manager.execute(
      `UPDATE rate_limit_window SET count = count - 1, updated_at = now()
        WHERE key = ? AND deleted_at IS NULL AND expires_at > now() AND count > 0`,
      [key]
    )
  }

  /** Ends the windows of these keys. */
  @InjectManager()
  async reset(keys: string[], @MedusaContext() context: Context = {}): Promise<void> {
    const manager = context.manager as SqlEntityManager
    await manager.execute(`DELETE FROM rate_limit_window WHERE key IN (?)`, [keys])
  }

  /** Deletes windows that ended (a scheduled job keeps the table small). */
  @InjectManager()
  async deleteExpired(@MedusaContext() context: Context = {}): Promise<number> {
    const manager = context.manager as SqlEntityManager
    const rows = await manager.execute<{ id: string }[]>(`DELETE FROM rate_limit_window WHERE expires_at <= now() RETURNING id`)
    return rows.length
  }
}
