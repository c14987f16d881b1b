/**
 * Staff identities come only from Medusa Admin's invitation flow (decision 0044): registering
 * an email-and-password identity needs a pending invite for that email. Medusa Admin's
 * acceptance page registers the invited email, then accepts the invite with the token it got
 * (`POST /admin/invites/accept?token=...`), which creates the user.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

export const INVITATION_ONLY =
  "Staff accounts are created by invitation only. " +
  "Ask an administrator to invite this email address in Medusa Admin, then use the link in the invitation."

/** An invite for this email (any letter case) that was neither accepted nor has expired. */
export async function hasPendingInvite(container: MedusaContainer, email: string): Promise<boolean> {
  const wanted = email.trim().toLowerCase()
  if (!wanted) return false
  // Few invites exist at once (accepted ones are deleted): compare here, whatever the email's case.
  const invites = await container.resolve(Modules.USER).listInvites({}, { select: ["id", "email", "accepted", "expires_at"] })
  const now = Date.now()
  return invites.some(
    (invite) => !invite.accepted && new Date(invite.expires_at).getTime() > now && invite.email.trim().toLowerCase() === wanted
  )
}
