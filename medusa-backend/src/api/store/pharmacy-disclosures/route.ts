import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { readPharmacyDisclosures } from "../../../lib/pharmacy-disclosures"
import type { PharmacyDisclosures } from "../../../shared/pharmacy-disclosures"

/**
 * The pharmacy's public disclosures (issue 25, decision 0054): legal name, address, phone, state
 * licenses, pharmacist-in-charge, accreditations, privacy officer, the privacy notice's effective
 * date and the DEA registration when configured. The same for everyone: a minute in any cache.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse<{ disclosures: PharmacyDisclosures }>) {
  res.setHeader("Cache-Control", "public, max-age=60")
  res.json({ disclosures: await readPharmacyDisclosures(req.scope) })
}
