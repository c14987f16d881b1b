/**
 * Business constants of the store, the one source for the backend (store setup,
 * validation) and the storefront (copy, hints). Plain data: no Medusa imports,
 * because the storefront bundles this file too.
 */
export const STORE = {
  name: "Harbor Health Pharmacy",
  currency: "usd",
  countryCode: "us",
  regionName: "United States",
  salesChannel: "Pharmacy Storefront",
  publishableKeyTitle: "Storefront",
  /** Sales tax, percent of the taxable amount. */
  taxRatePercent: 8,
  shipping: {
    optionName: "Standard Shipping",
    description: "Ships in 1-2 business days, delivered in 3-7 business days.",
    /** Flat rate in dollars. */
    flatRate: 9.99,
    /** Shipping is free when the subtotal is over this amount, in dollars. */
    freeOver: 75,
  },
  warehouse: {
    name: "Main Warehouse",
    address: {
      address_1: "1200 Commerce Street",
      city: "Dallas",
      province: "TX",
      postal_code: "75202",
      country_code: "US",
    },
  },
  /** Storefront and admin list page size. */
  pageSize: 12,
  maxVariantsPerProduct: 5,
  minimumAge: 18,
  /** The same on every page (the legacy site disagreed with itself). */
  supportHours: "Monday to Friday, 9:00 AM to 6:00 PM Eastern",
  lowStockThreshold: 5,
  /**
   * Caps against stock hoarding (decision 0045): units of one variant per order (prescription-only
   * or not) and units per order. The backend enforces them on every path to an order
   * (ORDER_MAX_UNITS_PER_* override these defaults there); the storefront's quantity steppers stop at them.
   */
  orderCaps: { prescriptionUnitsPerLine: 10, unitsPerLine: 25, unitsPerOrder: 50 },
  paymentMethods: ["zelle", "cashapp", "applepay", "chime"] as const,
  discountCode: "DISCOUNT10",
  discountPercent: 10,
} as const

export type PaymentMethod = (typeof STORE.paymentMethods)[number]
