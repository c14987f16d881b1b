import { model } from "@medusajs/framework/utils"

/**
 * The pharmacist role (decision 0041): a Medusa user who may read and decide on
 * prescription information. Stored by us, not in Medusa's RBAC (experimental in
 * 2.21 and it would change every Medusa Admin route). Revoking soft-deletes the
 * row, so who held the role, who granted and who revoked it stays on record.
 */
export const Pharmacist = model
  .define("pharmacist", {
    id: model.id({ prefix: "rxph" }).primaryKey(),
    user_id: model.text(),
    /** Who granted it: `seed`, or `cli:<os user>` for the ops script. */
    granted_by: model.text(),
    revoked_by: model.text().nullable(),
  })
  .indexes([{ on: ["user_id"], unique: true }])
