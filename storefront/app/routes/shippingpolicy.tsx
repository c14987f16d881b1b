import { STORE } from "@shared/store-constants"

import { ContactDetails, StaticPage, staticPageMeta } from "~/components/StaticPage"

export { publicPageHeaders as headers } from "~/components/StaticPage"
import { formatPrice } from "~/lib/money"

const FREE_OVER = formatPrice(STORE.shipping.freeOver)
const FLAT_RATE = formatPrice(STORE.shipping.flatRate)

export const meta = staticPageMeta(
  "shippingPolicy",
  `Free standard shipping on orders over ${FREE_OVER}. Processing in 1-2 business days, delivery in 3-7 business days across the United States.`
)

export default function ShippingPolicy() {
  return (
    <StaticPage
      page="shippingPolicy"
      intro={<p>We ship to addresses in the United States. Here is what to expect once you place an order.</p>}
    >
      <h2>Shipping costs</h2>
      <ul>
        <li>
          <strong>Free standard shipping</strong> on orders with a subtotal over {FREE_OVER}.
        </li>
        <li>
          Orders of {FREE_OVER} or less ship for a flat {FLAT_RATE}.
        </li>
      </ul>
      <p>The cart and checkout show your shipping cost before you pay.</p>

      <h2>Processing and delivery times</h2>
      <ul>
        <li>Processing: 1-2 business days. Prescription orders ship once a pharmacist has verified the prescription.</li>
        <li>Standard shipping: 3-7 business days after processing.</li>
        <li>Expedited shipping: 1-3 business days after processing.</li>
      </ul>
      <p>
        Priority, 2 Day and Next Day orders ship the same day if we receive them by 1pm EST on a business day. Weekends and holidays are not
        counted as business days.
      </p>

      <h2>Temperature-sensitive medicines</h2>
      <p>
        Insulin and GLP-1 medicines ship in insulated packaging with cold packs. Please refrigerate them as soon as they arrive, and avoid
        having cold-chain parcels delivered when nobody is home over a weekend.
      </p>

      <h2>Tracking</h2>
      <p>We email you a tracking number as soon as your order ships.</p>

      <h2>Damaged or missing parcels</h2>
      <p>
        If your order arrives damaged or does not arrive, tell us within 7 days of the expected delivery date and we will replace it or
        refund you, as our refund and returns policy describes.
      </p>

      <h2>Questions</h2>
      <ContactDetails />
    </StaticPage>
  )
}
