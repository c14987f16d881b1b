/**
 * Two-step sign-in for staff (decision 0044): enrolling an authenticator app from the staff
 * area, on Medusa's TOTP factors (`@medusajs/auth`, secrets encrypted with
 * AUTH_MFA_ENCRYPTION_KEY). The calls carry a staff access token; the factor belongs to the
 * auth identity of the session's password.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"

import { PRESCRIPTION_MODULE } from "../../modules/prescription"
import type PrescriptionModuleService from "../../modules/prescription/service"
import { ApiError } from "./api-errors"
import { markSessionMfaVerified, type StaffIdentity } from "./api-tokens"

export type MfaStatus = {
  /** An authenticator app is enabled: every sign-in asks for a code. */
  enabled: boolean
  /** This session was verified with a code (or the app was enrolled in it). */
  session_verified: boolean
  /** The staff member has the pharmacist role, which needs two-step sign-in to see prescriptions. */
  pharmacist: boolean
}

/** The auth identity of the session's password identity: where the factors are. */
export async function authIdentityOf(container: MedusaContainer, staff: StaffIdentity): Promise<string> {
  if (!staff.provider_identity_id) throw new ApiError(401, "Authentication credentials were not provided.")
  const [identity] = await container
    .resolve(Modules.AUTH)
    .listProviderIdentities({ id: [staff.provider_identity_id] }, { select: ["id", "auth_identity_id"] })
  if (!identity?.auth_identity_id) throw new ApiError(401, "Given token not valid: This staff account no longer exists.")
  return identity.auth_identity_id
}

const factorsOf = (container: MedusaContainer, authIdentityId: string, status: "pending" | "enabled") =>
  container.resolve(Modules.AUTH).listAuthMfa({ auth_identity_id: authIdentityId, provider: "totp", status }, { select: ["id", "status"] })

export async function mfaStatus(container: MedusaContainer, staff: StaffIdentity): Promise<MfaStatus> {
  const enabled = (await factorsOf(container, await authIdentityOf(container, staff), "enabled")).length > 0
  const pharmacist = await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).isPharmacist(staff.user_id)
  return { enabled, session_verified: staff.mfa_verified === true, pharmacist }
}

/**
 * Starts enrolling an authenticator app: a new secret (base32) and its otpauth:// URL, to type
 * or scan into the app. An unfinished enrolment is replaced; an enabled app must stay (409).
 */
export async function startTotpEnrolment(container: MedusaContainer, staff: StaffIdentity) {
  const authIdentityId = await authIdentityOf(container, staff)
  if ((await factorsOf(container, authIdentityId, "enabled")).length) {
    throw new ApiError(409, "Two-step sign-in is already on for this account.")
  }
  const auth = container.resolve(Modules.AUTH)
  for (const pending of await factorsOf(container, authIdentityId, "pending")) await auth.disableAuthMfa({ id: pending.id })
  const started = await auth.startAuthMfa({ auth_identity_id: authIdentityId, provider: "totp", label: staff.email })
  return { factor_id: started.mfa.id, secret: started.secret!, otpauth_url: started.otpauth_url! }
}

/**
 * Finishes enrolling: the first code from the app enables the factor, and the caller's session
 * counts as verified with it (they just proved they hold the app).
 */
export async function confirmTotpEnrolment(container: MedusaContainer, staff: StaffIdentity, factorId: string, code: string) {
  const authIdentityId = await authIdentityOf(container, staff)
  const auth = container.resolve(Modules.AUTH)
  const [factor] = await auth.listAuthMfa(
    { id: [factorId], auth_identity_id: authIdentityId, provider: "totp" },
    { select: ["id", "status"] }
  )
  if (!factor || factor.status === "disabled") {
    throw new ApiError(404, "This setup was not found or was replaced. Start the setup again.")
  }
  try {
    await auth.verifyAuthMfa({ id: factor.id, auth_identity_id: authIdentityId, code })
  } catch (error) {
    if (MedusaError.isMedusaError(error) && (error as MedusaError).type === MedusaError.Types.NOT_ALLOWED) {
      const message = "That code is not right. Check that the app shows Harbor Health Pharmacy and enter its current 6-digit code."
      throw new ApiError(400, message, { code: message })
    }
    throw error
  }
  if (staff.session_id) await markSessionMfaVerified(container, staff.session_id)
  return { enabled: true }
}
