/**
 * Store setup: sales channel, US region, tax region, warehouse, shipping and the
 * storefront's publishable key. Every step looks before it creates, so running
 * it again changes nothing.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createLocationFulfillmentSetWorkflow,
  createPromotionsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRatesWorkflow,
  createTaxRegionsWorkflow,
  deleteShippingOptionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateRegionsWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"

import { paymentProviderId } from "../../shared/payment-methods"
import { DISCLOSURE_DEFAULTS } from "../../shared/pharmacy-disclosures"
import { COLD_CHAIN_RULE_ATTRIBUTE, SHIPPING_CHOICES, type ShippingChoice } from "../../shared/shipping-options"
import { STORE } from "../../shared/store-constants"

/** Payment providers enabled on the US region: the four manual methods of the spec. */
const PAYMENT_PROVIDERS = STORE.paymentMethods.map(paymentProviderId)
/** Fulfillment provider of the store's shipping options (src/modules/standard-shipping, id "standard"): staff pack and ship. */
const SHIPPING_PROVIDER = "standard_standard"

export type StoreSetup = {
  salesChannelId: string
  regionId: string
  stockLocationId: string
  shippingProfileId: string
  publishableKey: string
}

export async function setupStore(container: MedusaContainer): Promise<StoreSetup> {
  const salesChannelId = await ensureSalesChannel(container)
  const regionId = await ensureRegion(container)
  const taxRegionId = await ensureTaxRegion(container)
  const shippingProfileId = await ensureShippingProfile(container)
  const stockLocationId = await ensureStockLocation(container, salesChannelId)
  for (const shippingOptionId of await ensureShippingOptions(container, stockLocationId, shippingProfileId)) {
    await ensureUntaxedShipping(container, taxRegionId, shippingOptionId)
  }
  await ensureDiscountPromotion(container)
  const publishableKey = await ensurePublishableKey(container, salesChannelId)

  const storeModule = container.resolve(Modules.STORE)
  const [store] = await storeModule.listStores({}, { take: 1, select: ["id", "metadata"] })
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        name: STORE.name,
        supported_currencies: [{ currency_code: STORE.currency, is_default: true }],
        default_sales_channel_id: salesChannelId,
        default_region_id: regionId,
        default_location_id: stockLocationId,
        metadata: withDisclosureDefaults(store.metadata),
      },
    },
  })

  return { salesChannelId, regionId, stockLocationId, shippingProfileId, publishableKey }
}

/**
 * The pharmacy's disclosures (decision 0054) live in the Store's metadata, where ops edit them in
 * Medusa Admin: a key the store lacks gets its default; a value already there, even empty (cleared
 * by ops), is kept as it is. The rest of the metadata is kept too (Medusa replaces a store's
 * metadata as a whole: the seed writes it back complete).
 */
export function withDisclosureDefaults(metadata: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const current = metadata ?? {}
  const missing = Object.entries(DISCLOSURE_DEFAULTS).filter(([key]) => !(key in current))
  return { ...current, ...Object.fromEntries(missing) }
}

async function ensureSalesChannel(container: MedusaContainer): Promise<string> {
  const salesChannelModule = container.resolve(Modules.SALES_CHANNEL)
  const existing = await salesChannelModule.listSalesChannels({ name: STORE.salesChannel })
  if (existing.length) return existing[0].id
  const { result } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: STORE.salesChannel }] },
  })
  return result[0].id
}

async function ensureRegion(container: MedusaContainer): Promise<string> {
  const regionModule = container.resolve(Modules.REGION)
  const existing = await regionModule.listRegions({ name: STORE.regionName })
  if (existing.length) {
    // Converge older databases: the region must offer exactly the store's payment methods.
    await updateRegionsWorkflow(container).run({
      input: { selector: { id: existing[0].id }, update: { payment_providers: PAYMENT_PROVIDERS } },
    })
    return existing[0].id
  }
  const { result } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: STORE.regionName,
          currency_code: STORE.currency,
          countries: [STORE.countryCode],
          payment_providers: PAYMENT_PROVIDERS,
          automatic_taxes: true,
        },
      ],
    },
  })
  return result[0].id
}

async function ensureTaxRegion(container: MedusaContainer): Promise<string> {
  const taxModule = container.resolve(Modules.TAX)
  const existing = (await taxModule.listTaxRegions({ country_code: STORE.countryCode })).find((r) => !r.parent_id)
  if (existing) return existing.id
  const { result } = await createTaxRegionsWorkflow(container).run({
    input: [
      {
        country_code: STORE.countryCode,
        provider_id: "tp_system",
        default_tax_rate: { name: "Sales tax", code: "US-SALES", rate: STORE.taxRatePercent },
      },
    ],
  })
  return result[0].id
}

async function ensureShippingProfile(container: MedusaContainer): Promise<string> {
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)
  const existing = await fulfillmentModule.listShippingProfiles({ type: "default" })
  if (existing.length) return existing[0].id
  const { result } = await createShippingProfilesWorkflow(container).run({
    input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
  })
  return result[0].id
}

async function ensureStockLocation(container: MedusaContainer, salesChannelId: string): Promise<string> {
  const stockLocationModule = container.resolve(Modules.STOCK_LOCATION)
  const existing = await stockLocationModule.listStockLocations({ name: STORE.warehouse.name })
  let locationId = existing[0]?.id
  if (!locationId) {
    const { result } = await createStockLocationsWorkflow(container).run({
      input: {
        locations: [{ name: STORE.warehouse.name, address: STORE.warehouse.address }],
      },
    })
    locationId = result[0].id
    await linkSalesChannelsToStockLocationWorkflow(container).run({
      input: { id: locationId, add: [salesChannelId] },
    })
  }
  // The warehouse ships with standard shipping (and manual for ops in Medusa Admin).
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "stock_location",
    fields: ["fulfillment_providers.id"],
    filters: { id: locationId },
  })
  const providers: Array<{ id: string } | null> = data[0]?.fulfillment_providers ?? []
  const linked = new Set(providers.map((provider) => provider?.id))
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  for (const providerId of ["manual_manual", SHIPPING_PROVIDER].filter((id) => !linked.has(id))) {
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: locationId },
      [Modules.FULFILLMENT]: { fulfillment_provider_id: providerId },
    })
  }
  return locationId
}

/**
 * The store's shipping options (src/shared/shipping-options.ts, decision 0059), each found by its
 * type code, so an option ops renamed or repriced in Medusa Admin is kept as they left it. Each gets
 * the rule that offers it to refrigerated carts or to the others only (also an option that existed
 * before the rule did). Answers their ids.
 */
async function ensureShippingOptions(container: MedusaContainer, stockLocationId: string, shippingProfileId: string): Promise<string[]> {
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)
  // An older flat-rate "Standard Shipping": replaced by the calculated one.
  const legacy = (await fulfillmentModule.listShippingOptions({ name: STORE.shipping.optionName })).filter(
    (option) => option.provider_id !== SHIPPING_PROVIDER
  )
  if (legacy.length) await deleteShippingOptionsWorkflow(container).run({ input: { ids: legacy.map((o) => o.id) } })

  const existing = await fulfillmentModule.listShippingOptions({}, { relations: ["type", "rules"], take: null })
  let serviceZoneId: string | undefined
  const ids: string[] = []
  for (const choice of SHIPPING_CHOICES) {
    const current = existing.find((option) => option.type?.code === choice.code)
    if (current) {
      if (!(current.rules ?? []).some((rule) => rule.attribute === COLD_CHAIN_RULE_ATTRIBUTE)) {
        await fulfillmentModule.createShippingOptionRules([{ shipping_option_id: current.id, ...coldChainRule(choice) }])
      }
      ids.push(current.id)
      continue
    }
    serviceZoneId ??= await ensureServiceZone(container, stockLocationId)
    const { result } = await createShippingOptionsWorkflow(container).run({
      input: [
        {
          name: choice.name,
          service_zone_id: serviceZoneId,
          shipping_profile_id: shippingProfileId,
          provider_id: SHIPPING_PROVIDER,
          data: { id: "standard" },
          type: { label: choice.label, description: choice.description, code: choice.code },
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" },
            { attribute: "is_return", value: "false", operator: "eq" },
            coldChainRule(choice),
          ],
          // Standard: computed by the provider ($9.99, free over $75); the others: a flat price ops edit in Medusa Admin.
          ...(choice.seedPrice === "calculated"
            ? { price_type: "calculated" as const }
            : { price_type: "flat" as const, prices: [{ currency_code: STORE.currency, amount: choice.seedPrice }] }),
        },
      ],
    })
    ids.push(result[0].id)
  }
  return ids
}

const coldChainRule = (choice: ShippingChoice) => ({
  attribute: COLD_CHAIN_RULE_ATTRIBUTE,
  operator: "eq" as const,
  value: choice.coldChain ? "true" : "false",
})

/** The warehouse's US service zone (its shipping fulfillment set), created when missing. */
async function ensureServiceZone(container: MedusaContainer, stockLocationId: string): Promise<string> {
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: locations } = await query.graph({
    entity: "stock_location",
    fields: ["id", "fulfillment_sets.id", "fulfillment_sets.service_zones.id"],
    filters: { id: stockLocationId },
  })
  const serviceZoneId: string | undefined = locations[0]?.fulfillment_sets?.[0]?.service_zones?.[0]?.id
  if (serviceZoneId) return serviceZoneId
  await createLocationFulfillmentSetWorkflow(container).run({
    input: {
      location_id: stockLocationId,
      fulfillment_set_data: { name: "US shipping", type: "shipping" },
    },
  })
  const { data } = await query.graph({
    entity: "stock_location",
    fields: ["id", "fulfillment_sets.id"],
    filters: { id: stockLocationId },
  })
  const fulfillmentSetId = data[0].fulfillment_sets![0]!.id
  const zone = await fulfillmentModule.createServiceZones({
    name: "United States",
    fulfillment_set_id: fulfillmentSetId,
    geo_zones: [{ type: "country", country_code: STORE.countryCode }],
  })
  return zone.id
}

/** Sales tax applies to the items only: shipping gets a 0 % rate (spec: tax is 8 % of the subtotal). */
async function ensureUntaxedShipping(container: MedusaContainer, taxRegionId: string, shippingOptionId: string) {
  const taxModule = container.resolve(Modules.TAX)
  const code = "US-SHIPPING-EXEMPT"
  const existing = await taxModule.listTaxRateRules({ reference: "shipping_option", reference_id: shippingOptionId })
  if (existing.length) return
  await createTaxRatesWorkflow(container).run({
    input: [
      {
        tax_region_id: taxRegionId,
        name: "Shipping (not taxed)",
        code,
        rate: 0,
        rules: [{ reference: "shipping_option", reference_id: shippingOptionId }],
      },
    ],
  })
}

/** DISCOUNT10: 10 % off the items' subtotal, applied by Medusa's promotion module. */
async function ensureDiscountPromotion(container: MedusaContainer) {
  const promotionModule = container.resolve(Modules.PROMOTION)
  const existing = await promotionModule.listPromotions({ code: STORE.discountCode })
  if (existing.length) return
  await createPromotionsWorkflow(container).run({
    input: {
      promotionsData: [
        {
          code: STORE.discountCode,
          type: "standard",
          status: "active",
          is_automatic: false,
          application_method: {
            type: "percentage",
            target_type: "order",
            allocation: "across",
            value: STORE.discountPercent,
            currency_code: STORE.currency,
          },
        },
      ],
    },
  })
}

async function ensurePublishableKey(container: MedusaContainer, salesChannelId: string): Promise<string> {
  const apiKeyModule = container.resolve(Modules.API_KEY)
  const existing = (await apiKeyModule.listApiKeys({ title: STORE.publishableKeyTitle, type: "publishable" })).filter(
    (key) => !key.revoked_at
  )
  if (existing.length) return existing[0].token
  const { result } = await createApiKeysWorkflow(container).run({
    input: {
      api_keys: [{ title: STORE.publishableKeyTitle, type: "publishable", created_by: "" }],
    },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: result[0].id, add: [salesChannelId] },
  })
  return result[0].token
}
