import { useRouteLoaderData } from "@remix-run/react"

import type { loader as rootLoader } from "~/root"

/**
 * What a controlled substance offers instead of the cart (issue 25): it is not sold online, so the
 * shopper calls the pharmacy, whose number is the store's contact phone.
 */
export function CallToOrder({ productName, className = "btn-primary" }: { productName: string; className?: string }) {
  const phone = useRouteLoaderData<typeof rootLoader>("root")?.contact.phone
  return (
    <a
      href={phone ? `tel:${phone.replace(/[^\d+]/g, "")}` : "/about-us"}
      className={className}
      aria-label={`Call the pharmacy to order ${productName}${phone ? ` at ${phone}` : ""}`}
      data-testid="call-to-order"
    >
      Call the pharmacy to order
    </a>
  )
}
