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
