/**
 * Staff sign-in for the legacy `/api`: the email and password go through Medusa's auth module
 * (emailpass provider), and the identity must belong to a Medusa admin user. For an account
 * with an enabled authenticator app (Medusa's TOTP factor, decision 0044) the password alone
 * opens nothing: the caller must then check a code with `checkStaffTotp` before a session is
 * started.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"

import type { StaffIdentity } from "./api-tokens"

export type SignedInStaff = StaffIdentity & { provider_identity_id: string; auth_identity_id: string }

export type SignInResult = { ok: true; staff: SignedInStaff; mfaRequired: boolean } | { ok: false }

export async function signInStaff(container: MedusaContainer, email: string, password: string): Promise<SignInResult> {
  const auth = container.resolve(Modules.AUTH)
  const { success, authIdentity, mfaChallenge } = await auth.authenticate("emailpass", {
    body: { email, password },
  })
  if (!success || !authIdentity) return { ok: false }
  const userId = authIdentity.app_metadata?.user_id as string | undefined
  if (!userId) return { ok: false } // a customer or another actor, not staff
  const [user] = await container.resolve(Modules.USER).listUsers({ id: userId }, { select: ["id", "email"] })
  if (!user) return { ok: false }
  // The password's identity: the session remembers its hash's fingerprint (a change ends it).
  const [identity] = await auth.listProviderIdentities({ auth_identity_id: authIdentity.id, provider: "emailpass" }, { select: ["id"] })
  if (!identity) return { ok: false }
  return {
    ok: true,
    staff: { user_id: user.id, email: user.email, provider_identity_id: identity.id, auth_identity_id: authIdentity.id },
    // Medusa opened a challenge because the identity has an enabled factor; ours is the signed mfa_token instead.
    mfaRequired: !!mfaChallenge,
  }
}

/** The enabled authenticator-app (TOTP) factor of an auth identity, if any. */
export async function enabledTotpFactor(container: MedusaContainer, authIdentityId: string): Promise<{ id: string } | null> {
  const [factor] = await container
    .resolve(Modules.AUTH)
    .listAuthMfa({ auth_identity_id: authIdentityId, provider: "totp", status: "enabled" }, { select: ["id"] })
  return factor ?? null
}

/**
 * Checks a code of the identity's authenticator app with Medusa's TOTP provider (RFC 6238,
 * 30-second steps, the previous and next step accepted for clock drift). Stateless: no cache
 * entry, so any server can check it.
 */
export async function checkStaffTotp(container: MedusaContainer, authIdentityId: string, code: string): Promise<boolean> {
  const factor = await enabledTotpFactor(container, authIdentityId)
  if (!factor) return false
  try {
    await container.resolve(Modules.AUTH).verifyAuthMfa({ id: factor.id, auth_identity_id: authIdentityId, code })
    return true
  } catch (error) {
    if (MedusaError.isMedusaError(error) && (error as MedusaError).type === MedusaError.Types.NOT_ALLOWED) return false
    throw error
  }
}
