/**
 * Staff sign-in for the legacy `/api`: the email and password go through
 * Medusa's auth module (emailpass provider), and the identity must belong to
 * a Medusa admin user. Accounts that require a second factor cannot sign in
 * here: the legacy client has no step for it, and skipping the factor would
 * defeat it (they use Medusa Admin).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { StaffIdentity } from "./api-tokens"

export type SignInResult =
  | { ok: true; staff: StaffIdentity & { provider_identity_id: string } }
  | { ok: false; reason: "invalid" | "mfa_required" }

export async function signInStaff(container: MedusaContainer, email: string, password: string): Promise<SignInResult> {
  const auth = container.resolve(Modules.AUTH)
  const { success, authIdentity, mfaChallenge } = await auth.authenticate("emailpass", {
    body: { email, password },
  })
  if (!success || !authIdentity) return { ok: false, reason: "invalid" }
  if (mfaChallenge) return { ok: false, reason: "mfa_required" }
  const userId = authIdentity.app_metadata?.user_id as string | undefined
  if (!userId) return { ok: false, reason: "invalid" } // a customer or another actor, not staff
  const [user] = await container.resolve(Modules.USER).listUsers({ id: userId }, { select: ["id", "email"] })
  if (!user) return { ok: false, reason: "invalid" }
  // The password's identity: the session remembers its hash's fingerprint (a change ends it).
  const [identity] = await auth.listProviderIdentities({ auth_identity_id: authIdentity.id, provider: "emailpass" }, { select: ["id"] })
  if (!identity) return { ok: false, reason: "invalid" }
  return { ok: true, staff: { user_id: user.id, email: user.email, provider_identity_id: identity.id } }
}
