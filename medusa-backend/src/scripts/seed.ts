/**
 * Development seed: `npm run seed` (medusa exec). Idempotent: every step looks
 * before it creates, so running it twice changes nothing.
 *
 * Writes the storefront's publishable API key to `$DATA_DIR/publishable-key`
 * so the start script can hand it to the storefront.
 */
import fs from "node:fs"
import path from "node:path"

import type { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { syncPrescriptionTaxExemptionWorkflow } from "../workflows/tax/workflows/sync-prescription-tax-exemption"
import { adminCredentialsFromEnv } from "./seed/admin-credentials"
import { ensureAdminUser } from "./seed/admin-user"
import { seedCatalog } from "./seed/catalog"
import { setupStore } from "./seed/store"

export async function seedAll(container: MedusaContainer) {
  const admin = adminCredentialsFromEnv()
  const setup = await setupStore(container)
  const catalog = await seedCatalog(container, setup)
  // Product saves keep it current; a database seeded before decision 0060 gets it here.
  await syncPrescriptionTaxExemptionWorkflow(container).run({ input: {} })
  const user = await ensureAdminUser(container, admin)
  return { setup, catalog, adminCreated: user.created, adminEmail: admin.email, pharmacistGranted: user.pharmacist_granted }
}

export default async function seed({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const result = await seedAll(container)

  const dataDir = process.env.DATA_DIR || path.resolve(process.cwd(), "..", ".data")
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(path.join(dataDir, "publishable-key"), result.setup.publishableKey + "\n")

  logger.info(
    `Seed done: ${result.catalog.created} products created, ${result.catalog.existing} already there; ` +
      `admin ${result.adminEmail} ${result.adminCreated ? "created" : "already there"}` +
      `${result.pharmacistGranted ? " (granted the pharmacist role)" : ""}.`
  )
}
