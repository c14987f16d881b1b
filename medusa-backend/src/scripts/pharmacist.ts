/**
 * Grants or revokes the pharmacist role (decision 0041): only pharmacists may
 * read prescription requests and decide on them or on held orders. Runs with
 * database access (ops), never over HTTP, so staff cannot grant it to
 * themselves:
 *
 *   npm run staff:pharmacist -w medusa-backend -- grant alice@example.com
 *   npm run staff:pharmacist -w medusa-backend -- revoke alice@example.com
 *   npm run staff:pharmacist -w medusa-backend -- list
 *
 * The user must exist (Medusa Admin → Settings → Users). Each grant records
 * who ran it (`cli:<os user>`); a revoked grant is kept, with who revoked it.
 */
import os from "node:os"

import type { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import { PRESCRIPTION_MODULE } from "../modules/prescription"
import type PrescriptionModuleService from "../modules/prescription/service"

export const PHARMACIST_USAGE = "Usage: npm run staff:pharmacist -w medusa-backend -- grant <email> | revoke <email> | list"

export class PharmacistCommandError extends Error {}

/** Runs one command; answers the line to print. Throws PharmacistCommandError for a wrong command or an unknown user. */
export async function managePharmacists(container: MedusaContainer, args: string[], by = `cli:${operator()}`): Promise<string> {
  const [command, email, ...rest] = args
  const users = container.resolve(Modules.USER)
  const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)

  if (command === "list" && !email) {
    const rows = await prescriptions.listPharmacists({}, { select: ["user_id", "granted_by", "created_at"], order: { created_at: "ASC" } })
    if (!rows.length) return "No staff user has the pharmacist role."
    const emails = new Map(
      (await users.listUsers({ id: rows.map((r) => r.user_id) }, { select: ["id", "email"] })).map((u) => [u.id, u.email])
    )
    return rows
      .map(
        (row) =>
          `${emails.get(row.user_id) ?? `${row.user_id} (user removed)`}  granted by ${row.granted_by} on ${new Date(row.created_at).toISOString()}`
      )
      .join("\n")
  }
  if ((command !== "grant" && command !== "revoke") || !email || rest.length) throw new PharmacistCommandError(PHARMACIST_USAGE)

  const [user] = await users.listUsers({ email: email.trim() }, { select: ["id", "email"] })
  if (!user) throw new PharmacistCommandError(`No staff user has the email ${email}: create the user in Medusa Admin first.`)
  if (command === "grant") {
    const { granted } = await prescriptions.grantPharmacist(user.id, by)
    return granted ? `${user.email} is now a pharmacist.` : `${user.email} already is a pharmacist.`
  }
  const { revoked } = await prescriptions.revokePharmacist(user.id, by)
  return revoked ? `${user.email} is no longer a pharmacist.` : `${user.email} was not a pharmacist.`
}

function operator(): string {
  try {
    return os.userInfo().username || "unknown"
  } catch {
    return "unknown"
  }
}

export default async function pharmacist({ container, args }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  logger.info(await managePharmacists(container, args ?? []))
}
