/** Staff sign-in of the legacy API (POST /api/token/, POST /api/token/refresh/). */
import { z } from "zod"

export const tokenSchema = z.object({
  /** The staff member's email. */
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(254, "Username is too long"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(500, "Password is too long"),
})

export const refreshSchema = z.object({
  refresh: z.string({ error: "refresh is required" }).trim().min(1, "refresh is required").max(4096, "refresh is too long"),
})

export type TokenInput = z.output<typeof tokenSchema>

/** POST /api/token/logout/: the refresh token of the session to end (or the access token as Bearer). */
export const logoutSchema = z.object({
  refresh: z.string().trim().max(4096, "refresh is too long").optional(),
})

const CODE_MESSAGE = "Enter the 6-digit code from your authenticator app."

/** A TOTP code: 6 digits; spaces people type between them are dropped. */
export const totpCodeField = z
  .string({ error: CODE_MESSAGE })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE))

/** POST /api/token/mfa/: the second step of a sign-in with two-step sign-in (decision 0044). */
export const mfaSignInSchema = z.object({
  mfa_token: z.string({ error: "mfa_token is required" }).trim().min(1, "mfa_token is required").max(4096, "mfa_token is too long"),
  code: totpCodeField,
})

export type MfaSignInInput = z.output<typeof mfaSignInSchema>

/** POST /api/mfa/totp/{id}/verify/: the first code of a new authenticator app. */
export const mfaVerifySchema = z.object({ code: totpCodeField })
