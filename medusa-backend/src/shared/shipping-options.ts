/**
 * The store's shipping choices (issue 25, decision 0059): Standard, 2-Day, Next Day and Cold chain,
 * each a Medusa shipping option whose type code is the `code` here. The seed creates them with these
 * defaults; ops change names and prices in Medusa Admin (Settings → Locations & Shipping), and the
 * checkout shows Medusa's answer, never these numbers. What stays here is what the code needs: which
 * option is which (the type code), how long each takes in transit and whether it may be in transit
 * over a weekend (the expected ship date, src/shared/ship-date.ts). Plain data: the storefront
 * imports it too.
 */
import { STORE } from "./store-constants"

export type ShippingOptionCode = "standard" | "two-day" | "next-day" | "cold-chain"

export type ShippingChoice = {
  code: ShippingOptionCode
  /** The option's name in Medusa (what the checkout and the emails show). */
  name: string
  /** The option type's label and description in Medusa. */
  label: string
  description: string
  /**
   * The seed's price in dollars, a flat Medusa price ops edit in Medusa Admin; "calculated": the
   * standard-shipping provider's rule ($9.99, free over $75, src/modules/standard-shipping).
   */
  seedPrice: number | "calculated"
  /** Business days between the order's cut-off day and shipping (Standard is packed the next business day). */
  handlingDays: number
  /** Calendar days the parcel travels (carriers' promises; Standard's is the longest of its range). */
  transitDays: number
  /** Never in transit on a Saturday or a Sunday (a refrigerated parcel would warm up in a depot). */
  avoidWeekendTransit: boolean
  /** For carts with a refrigerated item, and only for them (decision 0059). */
  coldChain: boolean
}

export const SHIPPING_CHOICES: readonly ShippingChoice[] = [
  {
    code: "standard",
    name: STORE.shipping.optionName,
    label: "Standard",
    description: STORE.shipping.description,
    seedPrice: "calculated",
    handlingDays: 1,
    transitDays: 7,
    avoidWeekendTransit: false,
    coldChain: false,
  },
  {
    code: "two-day",
    name: "2-Day Shipping",
    label: "2-Day",
    description: "Ships the same day if ordered by 1pm Eastern on a business day; delivered in 2 days.",
    seedPrice: 19.99,
    handlingDays: 0,
    transitDays: 2,
    avoidWeekendTransit: false,
    coldChain: false,
  },
  {
    code: "next-day",
    name: "Next Day Shipping",
    label: "Next Day",
    description: "Ships the same day if ordered by 1pm Eastern on a business day; delivered the next day.",
    seedPrice: 34.99,
    handlingDays: 0,
    transitDays: 1,
    avoidWeekendTransit: false,
    coldChain: false,
  },
  {
    code: "cold-chain",
    name: "Cold Chain Shipping",
    label: "Cold chain",
    description:
      "Insulated box with cold packs for refrigerated medicines, delivered in 2 days; ships Monday to Wednesday so it is never in transit over a weekend.",
    seedPrice: 24.99,
    handlingDays: 0,
    transitDays: 2,
    avoidWeekendTransit: true,
    coldChain: true,
  },
]

export const COLD_CHAIN_CODE: ShippingOptionCode = "cold-chain"

/** The choice of a Medusa shipping option type code, or null for an option the code does not know (one ops added). */
export function shippingChoice(code: string | null | undefined): ShippingChoice | null {
  return SHIPPING_CHOICES.find((choice) => choice.code === code) ?? null
}

/**
 * The shipping option rule attribute (Medusa's shipping option rules) that tells a refrigerated cart
 * from another: the backend sets it in the listing's context ("true" or "false"); cold chain is offered
 * when it is "true", the others when it is "false" (an option without the rule is offered to both).
 */
export const COLD_CHAIN_RULE_ATTRIBUTE = "cold_chain_required"

/** The sentence a refrigerated order without cold-chain shipping gets, on every path. */
export const COLD_CHAIN_REQUIRED_MESSAGE =
  "Refrigerated medicines ship only by Cold Chain Shipping (insulated, never in transit over a weekend). Choose Cold Chain Shipping for this order."

/** The default choice of a cart: Standard, or Cold chain when the cart needs it (what Medusa lists first among these). */
export function defaultChoiceOf<T extends { code: string | null }>(offered: T[]): T | undefined {
  for (const code of ["standard", COLD_CHAIN_CODE, "two-day", "next-day"]) {
    const found = offered.find((option) => option.code === code)
    if (found) return found
  }
  return offered[0]
}
