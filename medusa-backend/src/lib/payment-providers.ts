// The provider ↔ method mapping lives in src/shared (the storefront and emails use it too).
export { paymentMethodOfProvider, paymentProviderId } from "../shared/payment-methods"
