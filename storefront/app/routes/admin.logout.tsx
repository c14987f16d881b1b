/**
 * Logout (spec §2, §4): ends the staff session on the backend (its tokens stop working
 * everywhere, a copied cookie included), clears the cookie and returns to /admin. Only a POST
 * from an admin page does it.
 */
import { type ActionFunctionArgs, redirect } from "@remix-run/node"

import { endStaffSession } from "~/lib/data/staff/auth.server"
import { logFailure } from "~/lib/data/staff/client.server"
import { FORM_EXPIRED_MESSAGE, getAdminSession, sameOrigin, signOutRedirect, validCsrfToken } from "~/modules/staff/session.server"

export async function loader() {
  return redirect("/admin", { headers: { "Cache-Control": "no-store" } })
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getAdminSession(request)
  const form = await request.formData()
  if (!sameOrigin(request) || !validCsrfToken(session, form.get("csrf"))) {
    throw new Response(FORM_EXPIRED_MESSAGE, { status: 403, headers: { "Cache-Control": "private, no-store" } })
  }
  const refresh = session.get("refresh")
  if (refresh) {
    try {
      await endStaffSession(refresh)
    } catch (error) {
      // Signed out here anyway; the backend session then ends with its refresh token's lifetime.
      logFailure("ending the session on the backend", error)
    }
  }
  // A new session without tokens (and with a new form token) replaces the old one.
  return signOutRedirect(request, "You have been logged out.")
}
