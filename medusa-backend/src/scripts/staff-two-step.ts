/**
 * Resets a staff member's two-step sign-in when they lost the phone with their authenticator
 * app (decision 0044). Runs with database access (ops), never over HTTP, so a stolen password
 * cannot switch the second factor off:
 *
 *   npm run staff:two-step -w medusa-backend -- reset alice@example.com
 *
 * Their app stops working, their /api sessions end, and they set up a new app in the staff
 * area (Security) after signing in with their password. A pharmacist cannot open prescriptions
 * until they have.
 */
import type { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import { STAFF_SESSION_MODULE } from "../modules/staff-session"
import type StaffSessionModuleService from "../modules/staff-session/service"

export const TWO_STEP_USAGE = "Usage: npm run staff:two-step -w medusa-backend -- reset <email>"

export class TwoStepCommandError extends Error {}

export async function manageTwoStep(container: MedusaContainer, args: string[]): Promise<string> {
  const [command, email, ...rest] = args
  if (command !== "reset" || !email || rest.length) throw new TwoStepCommandError(TWO_STEP_USAGE)
  const [user] = await container.resolve(Modules.USER).listUsers({ email: email.trim() }, { select: ["id", "email"] })
  if (!user) throw new TwoStepCommandError(`No staff user has the email ${email}.`)
  const auth = container.resolve(Modules.AUTH)
  const [identity] = await auth.listProviderIdentities({ entity_id: user.email, provider: "emailpass" }, { select: ["auth_identity_id"] })
  if (!identity?.auth_identity_id) throw new TwoStepCommandError(`${user.email} has no password sign-in.`)
  // Medusa only switches an enabled factor off with one of its codes (disable_policy "challenge"): ops write it directly.
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const disabled: { id: string }[] = await pg("auth_mfa_factor")
    .where({ auth_identity_id: identity.auth_identity_id })
    .whereIn("status", ["pending", "enabled"])
    .whereNull("deleted_at")
    .update({ status: "disabled", updated_at: new Date() })
    .returning("id")
  await container.resolve<StaffSessionModuleService>(STAFF_SESSION_MODULE).endSessions({ user_id: user.id }, "two-step sign-in reset")
  return disabled.length
    ? `Two-step sign-in of ${user.email} was reset: they set up a new authenticator app under Security after signing in.`
    : `${user.email} had no two-step sign-in to reset.`
}

export default async function twoStep({ container, args }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  logger.info(await manageTwoStep(container, args ?? []))
}
