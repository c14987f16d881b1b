/**
 * Run once by `medusa db:migrate` (decision 0045): records, for orders placed
 * before the prescription module kept a row per order line, what each line is
 * now (prescription-only or not, from its product today; a product that cannot
 * be found counts as prescription-only). From then on a flag switched off does
 * not release them either. Canceled orders are skipped; lines already recorded
 * are left alone, so a second run changes nothing. Holds are not created or
 * reopened here: the gate and the order events do that.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { ensurePrescriptionHold } from "../workflows/prescription/steps/ensure-prescription-hold"

const BATCH = 200

export default async function recordExistingOrderLines({ container }: { container: MedusaContainer }) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  let orders = 0
  let lines = 0
  for (let skip = 0; ; skip += BATCH) {
    const { data } = await query.graph({
      entity: "order",
      fields: ["id"],
      filters: { status: { $ne: "canceled" } },
      pagination: { skip, take: BATCH, order: { created_at: "ASC" } },
    })
    for (const order of data as { id: string }[]) {
      const { recorded_line_ids } = await ensurePrescriptionHold(container, order.id, { record_only: true })
      if (recorded_line_ids.length) orders += 1
      lines += recorded_line_ids.length
    }
    if (data.length < BATCH) break
  }
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(`Prescription state of order lines recorded: ${lines} line(s) of ${orders} order(s).`)
}
