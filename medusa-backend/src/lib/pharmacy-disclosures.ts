/**
 * The pharmacy's disclosures as the Store API answers them (decision 0054): the Store record's
 * metadata, parsed field by field with the shared schema (a bad value is "not configured", never
 * an error), plus the DEA registration number from the backend's settings when it has one.
 */
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import { parsePharmacyDisclosures, type PharmacyDisclosures } from "../shared/pharmacy-disclosures"
import { backendConfig } from "./config"

/** The problems last logged: each malformed setting is logged once, when it appears, not on every read. */
let loggedProblems = ""

/** The Store record's metadata: where ops keep the pharmacy's settings (decisions 0054, 0056). */
export async function storeSettings(container: MedusaContainer): Promise<Record<string, unknown> | null> {
  const [store] = await container.resolve(Modules.STORE).listStores({}, { select: ["id", "metadata"], take: 1 })
  return store?.metadata ?? null
}

export async function readPharmacyDisclosures(container: MedusaContainer): Promise<PharmacyDisclosures> {
  const { disclosures, problems } = parsePharmacyDisclosures(await storeSettings(container))
  const summary = problems.join("; ")
  if (summary && summary !== loggedProblems) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(`Pharmacy disclosures: shown as not configured until corrected in Medusa Admin (Settings → Store → Metadata): ${summary}`)
  }
  loggedProblems = summary
  return { ...disclosures, dea_registration: backendConfig().controlledSubstances.deaRegistration ?? null }
}
