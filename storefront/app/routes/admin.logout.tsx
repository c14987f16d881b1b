/** Logout (spec §2, §4): clears the staff session and returns to /admin. Only a POST from an admin page does it. */
import { redirect, type ActionFunctionArgs } from "@remix-run/node"
import { FORM_EXPIRED_MESSAGE, getAdminSession, sameOrigin, signOutRedirect, validCsrfToken } from "~/lib/admin-session.server"

export async function loader() {
  return redirect("/admin", { headers: { "Cache-Control": "no-store" } })
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getAdminSession(request)
  const form = await request.formData()
  if (!sameOrigin(request) || !validCsrfToken(session, form.get("csrf"))) {
    throw new Response(FORM_EXPIRED_MESSAGE, { status: 403, headers: { "Cache-Control": "private, no-store" } })
  }
  // A new session without tokens (and with a new form token) replaces the old one.
  return signOutRedirect(request, "You have been logged out.")
}
