import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { readProductFlags } from "../../../lib/catalog/product-flags"
import { STORE } from "../../../shared/store-constants"

/**
 * Prescription drugs are exempt from sales tax in nearly every US state (decision 0060). The
 * exemption is a Medusa tax rate, visible and editable in Medusa Admin (Tax Regions → United States
 * → overrides): 0 %, with one `product` rule per prescription-only product, in the country's tax
 * region and in every state region ops add (a state's own default rate outranks a country-wide
 * product rule in Medusa's tax module, so each region needs its own copy).
 */
export const PRESCRIPTION_TAX_EXEMPTION = { code: "US-RX-EXEMPT", name: "Prescription drugs (not taxed)" } as const

export type SyncPrescriptionTaxExemptionInput = {
  /** The products to bring up to date; absent: every product (and rules of products that are gone are dropped). */
  product_ids?: string[]
}

/** What a rollback undoes: the rates and rules this call created, the rules it deleted. */
export type TaxExemptionUndo = {
  created_rate_ids: string[]
  created_rule_ids: string[]
  deleted_rules: { tax_rate_id: string; reference: string; reference_id: string }[]
}

type ExemptionRate = { id: string; product_ids: Map<string, string> }

/**
 * Makes the exemption's rules match the products' "prescription-only" flag, read as every rule
 * reads it (`readProductFlags`: a value nobody can read counts as prescription-only). Runs under
 * one lock, so two product saves cannot create the rate twice.
 */
export async function syncPrescriptionTaxExemption(
  container: MedusaContainer,
  input: SyncPrescriptionTaxExemptionInput = {}
): Promise<{ exempt_product_ids: string[]; undo: TaxExemptionUndo }> {
  const undo: TaxExemptionUndo = { created_rate_ids: [], created_rule_ids: [], deleted_rules: [] }
  if (input.product_ids && !input.product_ids.length) return { exempt_product_ids: [], undo }
  const locking = container.resolve(Modules.LOCKING)
  return await locking.execute("prescription-tax-exemption", async () => {
    const tax = container.resolve(Modules.TAX)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)

    const { data: products } = await query.graph({
      entity: "product",
      fields: ["id", "metadata"],
      filters: input.product_ids ? { id: input.product_ids } : {},
    })
    const prescription = new Set(
      (products as { id: string; metadata?: Record<string, unknown> | null }[])
        .filter((product) => readProductFlags(product.metadata).prescription)
        .map((product) => product.id)
    )

    const regions = await tax.listTaxRegions({ country_code: STORE.countryCode })
    for (const region of regions) {
      const rate = await exemptionRateOf(container, region.id, undo)
      const missing = [...prescription].filter((id) => !rate.product_ids.has(id))
      if (missing.length) {
        const created = await tax.createTaxRateRules(
          missing.map((reference_id) => ({ tax_rate_id: rate.id, reference: "product", reference_id }))
        )
        undo.created_rule_ids.push(...created.map((rule) => rule.id))
      }
      // Rules of products in scope (on a full pass: every product, gone ones too) that are not prescription-only.
      const inScope = (productId: string) => !input.product_ids || input.product_ids.includes(productId)
      const stale = [...rate.product_ids].filter(([productId]) => inScope(productId) && !prescription.has(productId))
      if (stale.length) {
        await tax.deleteTaxRateRules(stale.map(([, ruleId]) => ruleId))
        undo.deleted_rules.push(...stale.map(([reference_id]) => ({ tax_rate_id: rate.id, reference: "product", reference_id })))
      }
    }
    return { exempt_product_ids: [...prescription], undo }
  })
}

/** The region's exemption rate with its product rules (product id → rule id), created when missing. */
async function exemptionRateOf(container: MedusaContainer, regionId: string, undo: TaxExemptionUndo): Promise<ExemptionRate> {
  const tax = container.resolve(Modules.TAX)
  const [rate] = await tax.listTaxRates({ tax_region_id: regionId, code: PRESCRIPTION_TAX_EXEMPTION.code }, { take: 1 })
  if (rate) {
    const rules = await tax.listTaxRateRules({ tax_rate_id: rate.id, reference: "product" })
    return { id: rate.id, product_ids: new Map(rules.map((rule) => [rule.reference_id, rule.id])) }
  }
  const created = await tax.createTaxRates({
    tax_region_id: regionId,
    code: PRESCRIPTION_TAX_EXEMPTION.code,
    name: PRESCRIPTION_TAX_EXEMPTION.name,
    rate: 0,
  })
  undo.created_rate_ids.push(created.id)
  return { id: created.id, product_ids: new Map() }
}

export async function undoPrescriptionTaxExemption(container: MedusaContainer, undo: TaxExemptionUndo | undefined) {
  if (!undo) return
  const tax = container.resolve(Modules.TAX)
  if (undo.created_rule_ids.length) await tax.deleteTaxRateRules(undo.created_rule_ids)
  if (undo.deleted_rules.length) await tax.createTaxRateRules(undo.deleted_rules)
  if (undo.created_rate_ids.length) await tax.deleteTaxRates(undo.created_rate_ids)
}

export const syncPrescriptionTaxExemptionStep = createStep(
  "sync-prescription-tax-exemption",
  async (input: SyncPrescriptionTaxExemptionInput, { container }) => {
    const { exempt_product_ids, undo } = await syncPrescriptionTaxExemption(container, input)
    return new StepResponse({ exempt_product_ids }, undo)
  },
  async (undo, { container }) => undoPrescriptionTaxExemption(container, undo)
)
