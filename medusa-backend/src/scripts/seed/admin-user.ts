/**
 * The staff login for the custom admin area and Medusa Admin. Created once;
 * an existing user (and their password) is never touched.
 *
 * While the pharmacy has never had a pharmacist (a new database, or one from
 * before the role existed), this user is granted the pharmacist role, so the
 * prescription review works out of the box. Once anyone was ever granted it,
 * the seed grants nothing: a role ops revoked stays revoked when the seed runs
 * again (decision 0041).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createUsersWorkflow } from "@medusajs/medusa/core-flows"

import { PRESCRIPTION_MODULE } from "../../modules/prescription"
import type PrescriptionModuleService from "../../modules/prescription/service"
import type { AdminCredentials } from "./admin-credentials"

export async function ensureAdminUser(
  container: MedusaContainer,
  { email, password }: AdminCredentials
): Promise<{ created: boolean; user_id: string; pharmacist_granted: boolean }> {
  const userModule = container.resolve(Modules.USER)
  const [existing] = await userModule.listUsers({ email })
  if (existing) return { created: false, user_id: existing.id, pharmacist_granted: await grantFirstPharmacist(container, existing.id) }

  const { result: users } = await createUsersWorkflow(container).run({
    input: { users: [{ email }] },
  })
  const authModule = container.resolve(Modules.AUTH)
  const { authIdentity, error } = await authModule.register("emailpass", {
    body: { email, password },
  } as Parameters<typeof authModule.register>[1])
  if (error || !authIdentity) throw new Error(`Could not register ${email}: ${error}`)
  await authModule.updateAuthIdentities({
    id: authIdentity.id,
    app_metadata: { user_id: users[0].id },
  })
  return { created: true, user_id: users[0].id, pharmacist_granted: await grantFirstPharmacist(container, users[0].id) }
}

async function grantFirstPharmacist(container: MedusaContainer, userId: string): Promise<boolean> {
  const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
  if (await prescriptions.hasEverHadPharmacist()) return false
  return (await prescriptions.grantPharmacist(userId, "seed")).granted
}
