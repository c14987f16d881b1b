/**
 * Run once by `medusa db:migrate` (after the module migrations; Medusa records
 * it in `script_migrations`): re-encrypts what the prescription module stored
 * before format v2 — v1 ciphertexts (constant additional data) and review notes
 * kept in plain text — into v2, bound to each row (decision 0041).
 *
 * Idempotent: v2 values are left alone. Rows written later by an older server
 * (a rolling upgrade) still read, as v1 or plain text; run
 * `medusa exec ./src/scripts/prescription-encryption-v2.ts` to upgrade them.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { PRESCRIPTION_MODULE } from "../modules/prescription"
import type PrescriptionModuleService from "../modules/prescription/service"

export default async function upgradePrescriptionEncryption({ container }: { container: MedusaContainer }) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const changed = await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).upgradeStoredEncryption()
  logger.info(`Prescription data re-encrypted to format v2: ${changed.requests} request(s), ${changed.order_reviews} order review(s).`)
}
