/**
 * Re-runs the upgrade of stored prescription data to encryption format v2
 * (src/migration-scripts/prescription-encryption-v2.ts), e.g. after a rolling
 * upgrade during which older servers still wrote v1 or plain-text notes:
 * `npx medusa exec ./src/scripts/prescription-encryption-v2.ts` in medusa-backend/.
 */
import type { ExecArgs } from "@medusajs/framework/types"

import upgradePrescriptionEncryption from "../migration-scripts/prescription-encryption-v2"

export default async function run({ container }: ExecArgs) {
  await upgradePrescriptionEncryption({ container })
}
