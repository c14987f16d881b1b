import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { backendConfig } from "../lib/config"
import { PRESCRIPTION_MODULE } from "../modules/prescription"
import type PrescriptionModuleService from "../modules/prescription/service"

/**
 * Daily: deletes the prescription documents patients uploaded more than
 * PRESCRIPTION_DOCUMENT_RETENTION_DAYS ago (default 2555, about 7 years: as long as the order's
 * records; decision 0053). The module deletes them for good and audits the deletion as one entry.
 */
export default async function deleteExpiredPrescriptionDocumentsJob(container: MedusaContainer) {
  const deleted = await deleteExpiredPrescriptionDocuments(container)
  if (deleted) container.resolve(ContainerRegistrationKeys.LOGGER).info(`Prescription documents: ${deleted} deleted after retention.`)
}

export async function deleteExpiredPrescriptionDocuments(container: MedusaContainer, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - backendConfig().prescriptionDocumentRetentionDays * 24 * 3600 * 1000)
  return await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).deleteDocumentsUploadedBefore(before)
}

export const config = { name: "delete-expired-prescription-documents", schedule: "41 3 * * *" }
