import { model } from "@medusajs/framework/utils"

/**
 * One staff sign-in through the legacy `/api` (docs/decisions/0042-trust-and-abuse-limits.md).
 * Its tokens carry its id (`sid`); they work only while the session is open. The refresh token
 * rotates: `refresh_jti` is the one refresh token that may be used next, `previous_refresh_jti`
 * the one it replaced (accepted for a few seconds, for concurrent refreshes of one browser);
 * any older one is a stolen copy, and presenting it ends the session.
 */
export const StaffSession = model
  .define("staff_session", {
    id: model.id({ prefix: "stfses" }).primaryKey(),
    user_id: model.text(),
    /** The emailpass provider identity whose password hash the fingerprint is of. */
    provider_identity_id: model.text(),
    /** HMAC of the password hash at sign-in: a password change ends the session. */
    credential_fingerprint: model.text(),
    refresh_jti: model.text(),
    previous_refresh_jti: model.text().nullable(),
    rotated_at: model.dateTime().nullable(),
    /** The session ends then, however often it was refreshed. */
    expires_at: model.dateTime(),
    revoked_at: model.dateTime().nullable(),
    revoked_reason: model.text().nullable(),
    /** When a second factor was checked for this session (at sign-in, or by enrolling one in it); null: password only. */
    mfa_verified_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["user_id"] }])
