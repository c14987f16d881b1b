/**
 * Standard shipping: $9.99, free when the items' subtotal (before discounts and
 * tax) is over $75. A calculated-price fulfillment provider, because Medusa's
 * flat-rate price rules only see `item_total`, which already includes tax and
 * discounts (docs/decisions/0004-order-totals.md). Fulfillment itself is
 * manual: staff pack and ship.
 */
import type {
  CalculatedShippingOptionPrice,
  CalculateShippingOptionPriceDTO,
  CreateFulfillmentResult,
  FulfillmentOption,
} from "@medusajs/framework/types"
import { AbstractFulfillmentProviderService } from "@medusajs/framework/utils"

import { shippingCostCents } from "../../shared/shipping"
import { STORE } from "../../shared/store-constants"

type PricedItem = { unit_price?: unknown; quantity?: unknown }

export class StandardShippingProvider extends AbstractFulfillmentProviderService {
  static identifier = "standard"

  async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    return [{ id: "standard", name: STORE.shipping.optionName }]
  }

  async validateOption(): Promise<boolean> {
    return true
  }

  async validateFulfillmentData(_optionData: Record<string, unknown>, data: Record<string, unknown>) {
    return data
  }

  async canCalculate(): Promise<boolean> {
    return true
  }

  async calculatePrice(
    _optionData: CalculateShippingOptionPriceDTO["optionData"],
    _data: CalculateShippingOptionPriceDTO["data"],
    context: CalculateShippingOptionPriceDTO["context"]
  ): Promise<CalculatedShippingOptionPrice> {
    const items = ((context as { items?: PricedItem[] }).items ?? []) as PricedItem[]
    const subtotalCents = items.reduce((sum, item) => sum + Math.round(Number(item.unit_price ?? 0) * 100) * Number(item.quantity ?? 0), 0)
    return {
      calculated_amount: shippingCostCents(subtotalCents) / 100,
      is_calculated_price_tax_inclusive: false,
    }
  }

  async createFulfillment(): Promise<CreateFulfillmentResult> {
    return { data: {}, labels: [] }
  }

  async cancelFulfillment(): Promise<Record<string, unknown>> {
    return {}
  }

  async createReturnFulfillment(): Promise<CreateFulfillmentResult> {
    return { data: {}, labels: [] }
  }
}
