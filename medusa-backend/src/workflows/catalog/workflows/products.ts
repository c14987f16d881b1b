/**
 * Staff writes to products of the storefront's catalogue (the /api, the
 * legacy import), each one workflow: the catalogue rules as steps, then
 * Medusa's own product workflows (compensated on failure), then the catalogue
 * read model is refreshed.
 */
import { ProductStatus } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createProductsWorkflow, deleteProductsWorkflow, updateProductsWorkflow, uploadFilesWorkflow } from "@medusajs/medusa/core-flows"

import { productFlagsMetadata } from "../../../lib/catalog/product-flags"
import {
  auditPrescriptionFlagStep,
  authorizePrescriptionFlagStep,
  detachReservedInventoryStep,
  invalidateCatalogStep,
  loadCatalogProductStep,
  resolveCatalogContextStep,
  uniqueHandleStep,
  validateCategoryStep,
  validateNamesStep,
} from "../steps"

/** The title of the option we create for products that have none: the variants' names are its values. */
export const CATALOG_VARIANT_OPTION = "Variant"

/** A new picture: its bytes (base64), type and file extension (checked by the caller: PNG, JPEG, GIF or WebP, at most 5 MB). */
export type ImageUpload = { content: string; mimeType: string; extension: string }

export type CreateCatalogProductInput = {
  name: string
  description: string
  category_id: string
  is_popular?: boolean
  prescription?: boolean
  image?: ImageUpload | null
  /** An already hosted picture (the legacy import keeps some remote URLs). */
  image_url?: string | null
  external_id?: string
  /** Metadata besides the flags (the import records where a product came from). */
  metadata?: Record<string, unknown>
}

const uploadInput = (image: ImageUpload, handle: string) => ({
  files: [{ filename: `${handle}.${image.extension}`, mimeType: image.mimeType, content: image.content, access: "public" as const }],
})

export const createCatalogProductWorkflow = createWorkflow("create-catalog-product", (input: CreateCatalogProductInput) => {
  validateNamesStep({ names: transform({ input }, ({ input }) => [{ field: "name", label: "Product name", value: input.name }]) })
  validateCategoryStep({ category_id: input.category_id })
  const context = resolveCatalogContextStep()
  const handle = uniqueHandleStep({ entity: "product", name: input.name })
  const uploaded = when("upload-new-product-image", { input }, ({ input }) => !!input.image).then(() =>
    uploadFilesWorkflow.runAsStep({ input: transform({ input, handle }, ({ input, handle }) => uploadInput(input.image!, handle)) })
  )
  const created = createProductsWorkflow.runAsStep({
    input: transform({ input, uploaded, context, handle }, ({ input, uploaded, context, handle }) => {
      const url = uploaded?.[0]?.url ?? input.image_url ?? null
      return {
        products: [
          {
            title: input.name.trim(),
            handle,
            description: input.description,
            status: ProductStatus.PUBLISHED,
            category_ids: [input.category_id],
            metadata: {
              ...input.metadata,
              ...productFlagsMetadata({ prescription: input.prescription ?? false, is_popular: input.is_popular ?? false }),
            },
            external_id: input.external_id,
            shipping_profile_id: context.shipping_profile_id,
            sales_channels: [{ id: context.sales_channel_id }],
            thumbnail: url,
            images: url ? [{ url }] : [],
            // Medusa wants a product's options up front; the variants' names become its values.
            options: [{ title: CATALOG_VARIANT_OPTION, values: [] as string[], is_exclusive: true }],
          },
        ],
      }
    }),
  })
  invalidateCatalogStep()
  return new WorkflowResponse(transform({ created }, ({ created }) => ({ id: created[0].id as string })))
})

export type UpdateCatalogProductInput = Partial<Omit<CreateCatalogProductInput, "external_id">> & {
  id: string
  /** Who asks: a Medusa user id (the route's authenticated staff), or `system:<what>` for code ops run. */
  actor_id: string
  /** Where the change came from, for the audit entry of a prescription flag change. */
  via?: string
}

export const updateCatalogProductWorkflow = createWorkflow("update-catalog-product", (input: UpdateCatalogProductInput) => {
  const product = loadCatalogProductStep({ product_id: input.id })
  validateNamesStep({ names: transform({ input }, ({ input }) => [{ field: "name", label: "Product name", value: input.name }]) })
  validateCategoryStep({ category_id: input.category_id })
  // Before anything is written: only pharmacists change the prescription flag (decision 0045).
  const flagChange = authorizePrescriptionFlagStep({ product, prescription: input.prescription, actor_id: input.actor_id })
  const uploaded = when("upload-replacement-product-image", { input }, ({ input }) => !!input.image).then(() =>
    uploadFilesWorkflow.runAsStep({
      input: transform({ input, product }, ({ input, product }) => uploadInput(input.image!, product.handle)),
    })
  )
  updateProductsWorkflow.runAsStep({
    input: transform({ input, uploaded, product }, ({ input, uploaded, product }) => {
      const url = uploaded?.[0]?.url ?? input.image_url ?? undefined
      const changes = { ...input.metadata, ...productFlagsMetadata({ prescription: input.prescription, is_popular: input.is_popular }) }
      return {
        selector: { id: input.id },
        update: {
          ...(input.name !== undefined ? { title: input.name.trim() } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.category_id !== undefined ? { category_ids: [input.category_id] } : {}),
          ...(Object.keys(changes).length ? { metadata: { ...(product.metadata ?? {}), ...changes } } : {}),
          ...(url ? { thumbnail: url, images: [{ url }] } : {}),
        },
      }
    }),
  })
  auditPrescriptionFlagStep({ change: flagChange, via: transform({ input }, ({ input }) => input.via ?? "api") })
  invalidateCatalogStep()
  return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.id })))
})

/**
 * Deletes (discontinues) a product. It leaves the shop, the /api and search at
 * once; orders keep their lines and totals, and the stock their open orders
 * reserved stays reserved until they are fulfilled or canceled.
 */
export const deleteCatalogProductWorkflow = createWorkflow("delete-catalog-product", (input: { id: string }) => {
  const product = loadCatalogProductStep({ product_id: input.id })
  detachReservedInventoryStep({ variant_ids: transform({ product }, ({ product }) => product.variants.map((v) => v.id)) })
  deleteProductsWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ids: [input.id] })) })
  invalidateCatalogStep()
  return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.id })))
})
