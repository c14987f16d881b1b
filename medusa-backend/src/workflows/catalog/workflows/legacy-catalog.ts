/**
 * Catalogue writes of the legacy `/api` (and of the legacy import), composed
 * from Medusa's own workflows so every step is compensated when a later one
 * fails: nothing is half-written.
 *
 * Legacy variants have a name, a price and a stock, and no options. Medusa
 * variants are defined by option values, so each legacy product has one
 * option (an exclusive "Variant" option when we create it, or the single
 * option the seed or Medusa Admin gave it) whose values are the variants'
 * names. Adding, renaming and removing variants keeps that option's values in
 * step. See docs/decisions/0007-legacy-variants-options-and-stock.md.
 */
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  createAndLinkProductOptionsToProductWorkflow,
  createProductsWorkflow,
  createProductVariantsWorkflow,
  deleteProductOptionValuesWorkflow,
  deleteProductVariantsWorkflow,
  updateProductOptionValuesOnProductStep,
  updateProductsWorkflow,
  updateProductVariantsWorkflow,
  uploadFilesWorkflow,
} from "@medusajs/medusa/core-flows"
import { STORE } from "../../../shared/store-constants"

/** The title of the option we create for products that have none. */
export const LEGACY_VARIANT_OPTION = "Variant"

export type ImageFile = { filename: string; mimeType: string; content: string }

// ---------------------------------------------------------------------------
// Option values

/**
 * Links option values to a product (creating values given by name) and
 * unlinks them, with Medusa's own step (compensated). Two small workflows, so
 * one parent workflow can do both without renaming steps.
 */
type OptionValuesUpdate = { product_id: string; product_option_id: string; add?: { value: string }[]; remove?: string[] }[]
const optionValuesOnProductStep = updateProductOptionValuesOnProductStep as unknown as (input: unknown) => void
export const linkOptionValuesWorkflow = createWorkflow("legacy-link-option-values", (input: { updates: OptionValuesUpdate }) => {
  optionValuesOnProductStep(input.updates)
  return new WorkflowResponse(undefined)
})
export const unlinkOptionValuesWorkflow = createWorkflow("legacy-unlink-option-values", (input: { updates: OptionValuesUpdate }) => {
  optionValuesOnProductStep(input.updates)
  return new WorkflowResponse(undefined)
})

// ---------------------------------------------------------------------------
// Stock: the legacy `stock` is what can still be sold.

export type SellableStockInput = { inventory_item_id: string; location_id: string; sellable: number }
type SellableStockUndo = SellableStockInput & { created_level_id: string | null; previous: number | null }

/**
 * Sets an inventory level so that stocked - reserved = `sellable`. Runs under
 * the same lock (the inventory item id) Medusa takes when it reserves stock
 * for an order, so no reservation slips in between reading and writing.
 */
export const setSellableStockStep = createStep(
  "legacy-set-sellable-stock",
  async (input: SellableStockInput, { container }) => {
    const inventory = container.resolve(Modules.INVENTORY)
    const locking = container.resolve(Modules.LOCKING)
    return await locking.execute(input.inventory_item_id, async () => {
      const [level] = await inventory.listInventoryLevels({
        inventory_item_id: input.inventory_item_id,
        location_id: input.location_id,
      })
      if (!level) {
        const created = await inventory.createInventoryLevels([
          { inventory_item_id: input.inventory_item_id, location_id: input.location_id, stocked_quantity: input.sellable },
        ])
        const undo: SellableStockUndo = { ...input, created_level_id: created[0].id, previous: null }
        return new StepResponse({ stocked_quantity: input.sellable }, undo)
      }
      const stocked = input.sellable + Number(level.reserved_quantity ?? 0)
      await inventory.updateInventoryLevels([
        { inventory_item_id: input.inventory_item_id, location_id: input.location_id, stocked_quantity: stocked },
      ])
      const undo: SellableStockUndo = { ...input, created_level_id: null, previous: Number(level.stocked_quantity) }
      return new StepResponse({ stocked_quantity: stocked }, undo)
    })
  },
  async (undo: SellableStockUndo | undefined, { container }) => {
    if (!undo) return
    const inventory = container.resolve(Modules.INVENTORY)
    if (undo.created_level_id) {
      await inventory.deleteInventoryLevels([undo.created_level_id])
    } else if (undo.previous !== null) {
      await inventory.updateInventoryLevels([
        { inventory_item_id: undo.inventory_item_id, location_id: undo.location_id, stocked_quantity: undo.previous },
      ])
    }
  }
)

/** Stocks a new variant's inventory item (Medusa created it with the variant) at the warehouse. */
const stockNewVariantStep = createStep(
  "legacy-stock-new-variant",
  async (input: { variant_id: string; location_id: string; stock: number }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "product_variant",
      fields: ["inventory_items.inventory_item_id"],
      filters: { id: input.variant_id },
    })
    const inventoryItemId = (data[0] as any)?.inventory_items?.[0]?.inventory_item_id as string | undefined
    if (!inventoryItemId) return new StepResponse(null, null as string | null)
    const [level] = await container.resolve(Modules.INVENTORY).createInventoryLevels([
      { inventory_item_id: inventoryItemId, location_id: input.location_id, stocked_quantity: input.stock },
    ])
    return new StepResponse(level.id, level.id as string | null)
  },
  async (levelId, { container }) => {
    if (levelId) await container.resolve(Modules.INVENTORY).deleteInventoryLevels([levelId])
  }
)

// ---------------------------------------------------------------------------
// Products

export type LegacyProductFields = {
  title: string
  description: string
  category_id: string
  metadata: Record<string, unknown>
}

export type CreateLegacyProductInput = LegacyProductFields & {
  handle: string
  external_id?: string
  sales_channel_id: string
  shipping_profile_id: string
  /** A new picture to upload, or an already hosted one's URL. */
  image?: ImageFile | null
  image_url?: string | null
}

export const createLegacyProductWorkflow = createWorkflow("legacy-create-product", (input: CreateLegacyProductInput) => {
  const uploaded = when("upload-new-product-image", { input }, ({ input }) => !!input.image).then(() =>
    uploadFilesWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({ files: [{ ...input.image!, access: "public" as const }] })),
    })
  )
  const created = createProductsWorkflow.runAsStep({
    input: transform({ input, uploaded }, ({ input, uploaded }) => {
      const url = uploaded?.[0]?.url ?? input.image_url ?? null
      return {
        products: [
          {
            title: input.title,
            handle: input.handle,
            description: input.description,
            status: ProductStatus.PUBLISHED,
            category_ids: [input.category_id],
            metadata: input.metadata,
            external_id: input.external_id,
            shipping_profile_id: input.shipping_profile_id,
            sales_channels: [{ id: input.sales_channel_id }],
            thumbnail: url,
            images: url ? [{ url }] : [],
            // Medusa wants a product's options up front; the variants' names become its values.
            options: [{ title: LEGACY_VARIANT_OPTION, values: [] as string[], is_exclusive: true }],
          },
        ],
      }
    }),
  })
  return new WorkflowResponse(transform({ created }, ({ created }) => ({ id: created[0].id as string })))
})

export type UpdateLegacyProductInput = Partial<LegacyProductFields> & {
  id: string
  image?: ImageFile | null
  image_url?: string | null
}

export const updateLegacyProductWorkflow = createWorkflow("legacy-update-product", (input: UpdateLegacyProductInput) => {
  const uploaded = when("upload-replacement-product-image", { input }, ({ input }) => !!input.image).then(() =>
    uploadFilesWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({ files: [{ ...input.image!, access: "public" as const }] })),
    })
  )
  updateProductsWorkflow.runAsStep({
    input: transform({ input, uploaded }, ({ input, uploaded }) => {
      const url = uploaded?.[0]?.url ?? input.image_url ?? undefined
      return {
        selector: { id: input.id },
        update: {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.category_id !== undefined ? { category_ids: [input.category_id] } : {}),
          ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
          ...(url ? { thumbnail: url, images: [{ url }] } : {}),
        },
      }
    }),
  })
  return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.id })))
})

// ---------------------------------------------------------------------------
// Variants

export type CreateLegacyVariantInput = {
  product_id: string
  name: string
  price: number
  stock: number
  stock_location_id: string
  variant_rank: number
  metadata?: Record<string, unknown>
  /**
   * How the new variant gets its option value: "new" creates the product's
   * exclusive "Variant" option, "existing" adds a value to its only option,
   * "none" (a product whose variants have no options at all) adds none.
   */
  option: { kind: "new" } | { kind: "existing"; id: string; title: string } | { kind: "none" }
}

export const createLegacyVariantWorkflow = createWorkflow("legacy-create-variant", (input: CreateLegacyVariantInput) => {
  when("link-variant-option-value", { input }, ({ input }) => input.option.kind !== "none").then(() =>
    createAndLinkProductOptionsToProductWorkflow.runAsStep({
      input: transform({ input }, ({ input }) =>
        input.option.kind === "new"
          ? {
              product_id: input.product_id,
              add: [{ title: LEGACY_VARIANT_OPTION, values: [input.name], is_exclusive: true }],
            }
          : {
              product_id: input.product_id,
              update: [{ product_option_id: (input.option as { id: string }).id, add: [{ value: input.name }] }],
            }
      ),
    })
  )

  const created = createProductVariantsWorkflow.runAsStep({
    input: transform({ input }, ({ input }) => {
      const optionTitle =
        input.option.kind === "new" ? LEGACY_VARIANT_OPTION : input.option.kind === "existing" ? input.option.title : null
      return {
        product_variants: [
          {
            product_id: input.product_id,
            title: input.name,
            manage_inventory: true,
            allow_backorder: false,
            // Shown after the product's other variants (the model has the column; the create type omits it).
            variant_rank: input.variant_rank,
            metadata: input.metadata,
            ...(optionTitle ? { options: { [optionTitle]: input.name } } : {}),
            prices: [{ amount: input.price, currency_code: STORE.currency }],
          } as any,
        ],
      }
    }),
  })

  stockNewVariantStep(
    transform({ created, input }, ({ created, input }) => ({
      variant_id: created[0].id as string,
      location_id: input.stock_location_id,
      stock: input.stock,
    }))
  )

  return new WorkflowResponse(transform({ created }, ({ created }) => ({ id: created[0].id as string })))
})

export type UpdateLegacyVariantInput = {
  id: string
  product_id: string
  title?: string
  /** The full price list of the variant (see pricesWithBaseAmount), when the price changes. */
  prices?: { id?: string; amount: number; currency_code: string }[]
  /** The variant's option value follows its new name. */
  rename?: {
    option_id: string
    option_title: string
    /** The old value, unlinked from the product once no variant uses it; deleted when the option is the product's own. */
    old_value_id: string | null
    unlink_old_value: boolean
    delete_old_value: boolean
  }
  stock?: SellableStockInput
  /** Merged into the variant's metadata by Medusa. */
  metadata?: Record<string, unknown>
}

export const updateLegacyVariantWorkflow = createWorkflow("legacy-update-variant", (input: UpdateLegacyVariantInput) => {
  when("link-renamed-option-value", { input }, ({ input }) => !!input.rename).then(() => {
    linkOptionValuesWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        updates: [{ product_id: input.product_id, product_option_id: input.rename!.option_id, add: [{ value: input.title! }] }],
      })),
    })
  })

  when("update-variant-fields", { input }, ({ input }) => input.title !== undefined || !!input.prices || !!input.metadata).then(() => {
    updateProductVariantsWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        product_variants: [
          {
            id: input.id,
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.rename ? { options: { [input.rename.option_title]: input.title! } } : {}),
            ...(input.prices ? { prices: input.prices } : {}),
            ...(input.metadata ? { metadata: input.metadata } : {}),
          },
        ],
      })),
    })
  })

  when("unlink-old-option-value", { input }, ({ input }) => !!input.rename?.unlink_old_value && !!input.rename.old_value_id).then(() => {
    unlinkOptionValuesWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        updates: [{ product_id: input.product_id, product_option_id: input.rename!.option_id, remove: [input.rename!.old_value_id!] }],
      })),
    })
  })
  when("delete-old-option-value", { input }, ({ input }) => !!input.rename?.delete_old_value && !!input.rename.old_value_id).then(() => {
    deleteProductOptionValuesWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({ ids: [input.rename!.old_value_id!] })),
    })
  })

  when("set-variant-stock", { input }, ({ input }) => !!input.stock).then(() => {
    setSellableStockStep(transform({ input }, ({ input }) => input.stock!))
  })

  return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.id })))
})

export type DeleteLegacyVariantInput = {
  id: string
  product_id: string
  /** The variant's option value, unlinked from the product (and deleted when the option is the product's own). */
  option_value?: { option_id: string; value_id: string; unlink: boolean; delete: boolean }
}

export const deleteLegacyVariantWorkflow = createWorkflow("legacy-delete-variant", (input: DeleteLegacyVariantInput) => {
  deleteProductVariantsWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ids: [input.id] })) })
  when("unlink-deleted-variant-option-value", { input }, ({ input }) => !!input.option_value?.unlink).then(() => {
    unlinkOptionValuesWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        updates: [{ product_id: input.product_id, product_option_id: input.option_value!.option_id, remove: [input.option_value!.value_id] }],
      })),
    })
  })
  when("delete-deleted-variant-option-value", { input }, ({ input }) => !!input.option_value?.delete).then(() => {
    deleteProductOptionValuesWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({ ids: [input.option_value!.value_id] })),
    })
  })
  return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.id })))
})
