import type { OrderStatusShipment } from "@shared/dto/order-status"

import { Fact } from "~/components/Fact"
import { orderDateText, safeExternalUrl } from "~/modules/orders/order-status"

/** Each package sent: carrier, tracking number, the carrier's tracking page (a new tab), and when it shipped and arrived. */
export function Shipments({ shipments }: { shipments: OrderStatusShipment[] }) {
  return (
    <ul className="mt-3 space-y-3">
      {shipments.map((shipment, index) => {
        const url = safeExternalUrl(shipment.tracking_url)
        const shipped = orderDateText(shipment.shipped_at)
        const delivered = orderDateText(shipment.delivered_at)
        return (
          <li
            key={`${shipment.tracking_number ?? ""}-${index}`}
            className="rounded-xl border border-slate-200 p-4 text-sm"
            data-testid="shipment"
          >
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
              <Fact term="Carrier" valueClassName="font-semibold" testId="shipment-carrier">
                {shipment.carrier}
              </Fact>
              <Fact term="Tracking number" valueClassName="break-all font-mono font-semibold" testId="tracking-number">
                {shipment.tracking_number ?? "Not available yet"}
              </Fact>
              {shipped ? <Fact term="Shipped">{shipped}</Fact> : null}
              {delivered ? <Fact term="Delivered">{delivered}</Fact> : null}
            </dl>
            {url ? (
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-flex items-center gap-1 font-semibold text-brand-800 underline"
                data-testid="tracking-link"
              >
                Track this package with {shipment.carrier}
                <span className="sr-only"> (opens in a new tab)</span>
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current stroke-2">
                  <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
                </svg>
              </a>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
