import { ContactDetails, StaticPage, staticPageMeta } from "~/components/StaticPage"

export { publicPageHeaders as headers } from "~/components/StaticPage"

export const meta = staticPageMeta(
  "refunds",
  "Returns within 30 days for unopened items, damaged-order reports within 7 days, and refunds in 7-10 business days."
)

export default function RefundAndReturns() {
  return (
    <StaticPage
      page="refunds"
      intro={<p>We want you to be satisfied with every order. If something is not right, here is how we make it right.</p>}
    >
      <h2>30-day returns</h2>
      <p>You can return unopened products in their original packaging within 30 days of delivery for a refund of the purchase price.</p>
      <h3>Prescription medicines</h3>
      <p>
        Pharmacy laws do not allow us to take back or resell prescription medicines once they have been dispensed. We refund or replace a
        prescription medicine when it arrives damaged, defective or different from what you ordered.
      </p>

      <h2>Damaged or incorrect orders</h2>
      <p>
        Please report a damaged, defective or incorrect order within 7 days of delivery. Include your order number and a photo of the
        product and packaging, and we will send a replacement or issue a refund at no cost to you.
      </p>

      <h2>How refunds work</h2>
      <ul>
        <li>Contact us with your order number to start a return.</li>
        <li>We confirm the return and tell you where to send the product, if it needs to come back.</li>
        <li>Once we approve the refund, it is credited to your original payment method within 7-10 business days.</li>
      </ul>

      <h2>Items we cannot accept</h2>
      <ul>
        <li>Opened products, unless they arrived damaged or defective.</li>
        <li>Products returned more than 30 days after delivery.</li>
        <li>Temperature-sensitive products that were not kept refrigerated after delivery.</li>
      </ul>

      <h2>Questions</h2>
      <p>Our support team is happy to help:</p>
      <ContactDetails />
    </StaticPage>
  )
}
