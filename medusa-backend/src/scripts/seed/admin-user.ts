/**
 * The staff login for the custom admin area and Medusa Admin. Created once;
 * an existing user (and their password) is never touched.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createUsersWorkflow } from "@medusajs/medusa/core-flows"

import type { AdminCredentials } from "./admin-credentials"

export async function ensureAdminUser(
  container: MedusaContainer,
  { email, password }: AdminCredentials
): Promise<{ created: boolean }> {
  const userModule = container.resolve(Modules.USER)
  const [existing] = await userModule.listUsers({ email })
  if (existing) return { created: false }

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
  return { created: true }
}
