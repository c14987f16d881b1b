/**
 * Run once by `medusa db:migrate` (after the module migrations; Medusa records it in
 * `script_migrations`): gives each prescription request stored before issue 24 the blind index of
 * its email (`email_index`), which only the decrypted contact part can give. Idempotent: indexed
 * rows are left alone.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { PRESCRIPTION_MODULE } from "../modules/prescription"
import type PrescriptionModuleService from "../modules/prescription/service"

export default async function indexPrescriptionRequestEmails({ container }: { container: MedusaContainer }) {
  const indexed = await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).indexRequestEmails()
  container.resolve(ContainerRegistrationKeys.LOGGER).info(`Prescription requests given an email index: ${indexed}.`)
}
