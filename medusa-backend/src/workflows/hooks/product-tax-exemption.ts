/**
 * Prescription drugs are not taxed (decision 0060): whenever Medusa's product workflows create,
 * update or delete products (Medusa Admin, the Admin API, our staff area and `/api`, the legacy
 * import, a plugin), the exemption's tax rules follow the products' "prescription-only" flag in the
 * same workflow, undone with it if a later step fails.
 */
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { createProductsWorkflow, deleteProductsWorkflow, updateProductsWorkflow } from "@medusajs/medusa/core-flows"

import { syncPrescriptionTaxExemption, undoPrescriptionTaxExemption } from "../tax/steps"

const ids = (products: { id: string }[]) => products.map((product) => product.id)

createProductsWorkflow.hooks.productsCreated(
  async ({ products }, { container }) => {
    const { undo } = await syncPrescriptionTaxExemption(container, { product_ids: ids(products) })
    return new StepResponse(undefined, undo)
  },
  async (undo, { container }) => undoPrescriptionTaxExemption(container, undo)
)

updateProductsWorkflow.hooks.productsUpdated(
  async ({ products }, { container }) => {
    const { undo } = await syncPrescriptionTaxExemption(container, { product_ids: ids(products) })
    return new StepResponse(undefined, undo)
  },
  async (undo, { container }) => undoPrescriptionTaxExemption(container, undo)
)

deleteProductsWorkflow.hooks.productsDeleted(
  async ({ ids: deleted }, { container }) => {
    const { undo } = await syncPrescriptionTaxExemption(container, { product_ids: deleted })
    return new StepResponse(undefined, undo)
  },
  async (undo, { container }) => undoPrescriptionTaxExemption(container, undo)
)
