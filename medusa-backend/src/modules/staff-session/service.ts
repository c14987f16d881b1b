import crypto from "node:crypto"

import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"

import { StaffSession } from "./models/staff-session"

export type OpenSession = {
  id: string
  user_id: string
  provider_identity_id: string
  credential_fingerprint: string
  expires_at: Date
  /** Set when a second factor was checked for this session (decision 0044). */
  mfa_verified_at: Date | null
}

export type RotateOutcome =
  /** The presented refresh token was the current one: here is its successor. */
  | { outcome: "rotated"; refresh_jti: string; session: OpenSession }
  /** It was the one just replaced (a concurrent refresh of the same browser): the current one. */
  | { outcome: "grace"; refresh_jti: string; session: OpenSession }
  /** An older one: a copy is in someone else's hands. The session is now ended. */
  | { outcome: "reused" }
  /** The session is over (logged out, ended, expired) or unknown. */
  | { outcome: "closed" }

const newJti = () => crypto.randomBytes(18).toString("base64url")

type Row = OpenSession & {
  refresh_jti: string
  previous_refresh_jti: string | null
  rotated_at: Date | null
  revoked_at: Date | null
}

const open = (row: Row): OpenSession => ({
  id: row.id,
  user_id: row.user_id,
  provider_identity_id: row.provider_identity_id,
  credential_fingerprint: row.credential_fingerprint,
  expires_at: new Date(row.expires_at),
  mfa_verified_at: row.mfa_verified_at ? new Date(row.mfa_verified_at) : null,
})

/**
 * Staff sessions of the legacy `/api`, in Postgres so that every server sees a logout, a
 * rotation or a revocation at once. See models/staff-session.ts.
 */
export default class StaffSessionModuleService extends MedusaService({ StaffSession }) {
  /** Starts a session; answers its id and its first refresh token id. */
  @InjectManager()
  async openSession(
    input: { user_id: string; provider_identity_id: string; credential_fingerprint: string; ttl_seconds: number; mfa_verified?: boolean },
    @MedusaContext() context: Context = {}
  ): Promise<{ id: string; refresh_jti: string; expires_at: Date }> {
    const manager = context.manager as SqlEntityManager
    const refreshJti = newJti()
    const [row] = await manager.execute<{ id: string; expires_at: Date }[]>(
      `INSERT INTO staff_session (id, user_id, provider_identity_id, credential_fingerprint, refresh_jti, expires_at, mfa_verified_at)
       VALUES (?, ?, ?, ?, ?, now() + make_interval(secs => ?), CASE WHEN ? THEN now() END)
       RETURNING id, expires_at`,
      [
        `stfses_${crypto.randomUUID().replace(/-/g, "")}`,
        input.user_id,
        input.provider_identity_id,
        input.credential_fingerprint,
        refreshJti,
        input.ttl_seconds,
        input.mfa_verified === true,
      ]
    )
    return { id: row.id, refresh_jti: refreshJti, expires_at: new Date(row.expires_at) }
  }

  /** The session when it is open; otherwise why it ended ("expired" when it ran out, null when unknown). */
  @InjectManager()
  async findSession(id: string, @MedusaContext() context: Context = {}): Promise<{ open: OpenSession } | { ended: string | null }> {
    const manager = context.manager as SqlEntityManager
    const [row] = await manager.execute<(Row & { revoked_reason: string | null })[]>(
      `SELECT * FROM staff_session WHERE id = ? AND deleted_at IS NULL`,
      [id]
    )
    if (!row) return { ended: null }
    if (row.revoked_at) return { ended: row.revoked_reason ?? "ended" }
    if (new Date(row.expires_at) <= new Date()) return { ended: "expired" }
    return { open: open(row) }
  }

  /**
   * Exchanges a refresh token id for the next one, atomically: of two requests presenting the
   * same current token, one rotates and the other falls in the grace window.
   */
  @InjectManager()
  async rotateRefresh(
    id: string,
    presentedJti: string,
    graceSeconds: number,
    @MedusaContext() context: Context = {}
  ): Promise<RotateOutcome> {
    const manager = context.manager as SqlEntityManager
    const next = newJti()
    const [rotated] = await manager.execute<Row[]>(
      `UPDATE staff_session SET previous_refresh_jti = refresh_jti, refresh_jti = ?, rotated_at = now(), updated_at = now()
        WHERE id = ? AND refresh_jti = ? AND revoked_at IS NULL AND expires_at > now() AND deleted_at IS NULL
        RETURNING *`,
      [next, id, presentedJti]
    )
    if (rotated) return { outcome: "rotated", refresh_jti: next, session: open(rotated) }

    const [row] = await manager.execute<Row[]>(`SELECT * FROM staff_session WHERE id = ? AND deleted_at IS NULL`, [id])
    if (!row || row.revoked_at || new Date(row.expires_at) <= new Date()) return { outcome: "closed" }
    const justReplaced =
      row.previous_refresh_jti === presentedJti && row.rotated_at && Date.now() - new Date(row.rotated_at).getTime() <= graceSeconds * 1000
    if (justReplaced) return { outcome: "grace", refresh_jti: row.refresh_jti, session: open(row) }
    await this.endSessions({ id }, "refresh token reused", context)
    return { outcome: "reused" }
  }

  /** Records that a second factor was checked in this open session (the staff member enrolled one in it). */
  @InjectManager()
  async markMfaVerified(id: string, @MedusaContext() context: Context = {}): Promise<void> {
    const manager = context.manager as SqlEntityManager
    await manager.execute(
      `UPDATE staff_session SET mfa_verified_at = COALESCE(mfa_verified_at, now()), updated_at = now()
        WHERE id = ? AND revoked_at IS NULL AND deleted_at IS NULL`,
      [id]
    )
  }

  /** Ends one session (logout) or all of a user's (password changed, user removed). */
  @InjectManager()
  async endSessions(which: { id: string } | { user_id: string }, reason: string, @MedusaContext() context: Context = {}): Promise<number> {
    const manager = context.manager as SqlEntityManager
    const [column, value] = "id" in which ? ["id", which.id] : ["user_id", which.user_id]
    const rows = await manager.execute<{ id: string }[]>(
      `UPDATE staff_session SET revoked_at = now(), revoked_reason = ?, updated_at = now()
        WHERE ${column} = ? AND revoked_at IS NULL RETURNING id`,
      [reason, value]
    )
    return rows.length
  }

  /** Deletes sessions that ended more than a day ago (a scheduled job keeps the table small). */
  @InjectManager()
  async deleteEndedSessions(@MedusaContext() context: Context = {}): Promise<number> {
    const manager = context.manager as SqlEntityManager
    const rows = await manager.execute<{ id: string }[]>(
      `DELETE FROM staff_session WHERE COALESCE(revoked_at, expires_at) < now() - interval '1 day' RETURNING id`
    )
    return rows.length
  }
}
