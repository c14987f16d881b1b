/**
 * Only pharmacists change whether a product needs a prescription (decision
 * 0045): the flag decides which orders wait for a pharmacist. Steps of the
 * catalogue workflows (the /api, the staff area's product form, the legacy
 * import), so every caller of the workflows is held to it. Medusa Admin's
 * own product routes are held to it by a middleware (src/api/utils/product-flag-guard.ts).
 *
 * The actor is the staff user the route authenticated; code run by ops
 * (the legacy import) names itself `system:<what>` and is trusted, audited under that name.
 */
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { readProductFlags } from "../../../lib/catalog/product-flags"
import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"

export const isSystemActor = (actorId: string | null | undefined) => !!actorId && /^system:[a-z0-9-]+$/.test(actorId)

export type PrescriptionFlagChange = { product_id: string; from: boolean; to: boolean; actor_id: string } | null

/** Refuses (403) a change of the prescription flag by anyone but a pharmacist; answers the change, or null when there is none. */
export const authorizePrescriptionFlagStep = createStep(
  "authorize-prescription-flag-change",
  async (
    input: { product: { id: string; metadata?: Record<string, unknown> | null }; prescription?: boolean; actor_id: string },
    { container }
  ) => {
    if (input.prescription === undefined) return new StepResponse(null as PrescriptionFlagChange)
    const from = readProductFlags(input.product.metadata).prescription
    if (from === input.prescription) return new StepResponse(null as PrescriptionFlagChange)
    if (!isSystemActor(input.actor_id)) {
      await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).assertMayChangePrescriptionFlag(input.actor_id)
    }
    return new StepResponse({
      product_id: input.product.id,
      from,
      to: input.prescription,
      actor_id: input.actor_id,
    } as PrescriptionFlagChange)
  }
)
