import { Form } from "@remix-run/react"
import type { StaffOrderShipment } from "@shared/dto/orders"
import { CARRIER_LABELS, CARRIERS } from "@shared/shipping-carriers"

import { FirstErrorFocus, FormAlert, SelectField, TextField } from "~/components/form-fields"
import { TitledSection } from "~/components/TitledSection"
import { AdminTable, type AdminTableSpec } from "~/modules/staff/AdminTable"
import { buttonClass, secondaryButtonClass } from "~/modules/staff/button-styles"
import { CsrfField } from "~/modules/staff/CsrfField"
import { ActionError, type ActionFailure, IntentForm } from "~/modules/staff/IntentForm"

/** A shipment as the page lists it: its dates already in words (formatted on the server). */
export type OrderShipmentRow = StaffOrderShipment & { key: string; shipped_label: string | null; delivered_label: string | null }

/** What the Ship form shows after a refusal: what was typed and why. */
export type ShipFormState = {
  carrier: string
  trackingNumber: string
  errors: { carrier?: string; tracking_number?: string }
  formError: ActionFailure | null
}

const SHIPMENTS_TABLE: AdminTableSpec<OrderShipmentRow> = {
  caption: "Shipments of this order, oldest first",
  rowTestId: "order-shipment",
  columns: [
    { header: "Carrier", className: "font-semibold", cell: (row) => row.carrier },
    {
      header: "Tracking number",
      cell: (row) =>
        row.tracking_number && row.tracking_url ? (
          <a href={row.tracking_url} target="_blank" rel="noreferrer noopener" className="font-semibold text-brand-800 underline">
            {row.tracking_number}
            <span className="sr-only"> (track the package on the carrier&apos;s site, opens in a new tab)</span>
          </a>
        ) : (
          (row.tracking_number ?? "—")
        ),
    },
    { header: "Shipped", cell: (row) => row.shipped_label ?? "Not marked shipped" },
    { header: "Delivered", cell: (row) => row.delivered_label ?? "—" },
  ],
}

/**
 * The order's shipments (issue 24): carrier, tracking number and link, shipped and delivered; "Ship"
 * with a carrier and tracking number when the order may ship (paid, its prescription approved where
 * needed, units not shipped yet), and "Mark delivered" when a shipment is not delivered yet.
 */
export function OrderShipping({
  orderId,
  shipments,
  mayShip,
  mayMarkDelivered,
  busy,
  ship,
  deliverError,
}: {
  orderId: string
  shipments: OrderShipmentRow[]
  mayShip: boolean
  mayMarkDelivered: boolean
  busy: boolean
  ship: ShipFormState | null
  deliverError: ActionFailure | null | undefined
}) {
  if (!shipments.length && !mayShip) return null
  const firstError = ship?.errors.carrier ? "carrier" : ship?.errors.tracking_number ? "tracking_number" : null
  return (
    <TitledSection
      id="order-shipping-heading"
      level={3}
      title="Shipping"
      className="mt-6 border-t border-slate-200 pt-4"
      titleClassName="font-bold"
      testId="order-shipping"
    >
      {shipments.length ? <AdminTable {...SHIPMENTS_TABLE} rows={shipments} /> : null}

      <ActionError failure={deliverError} />
      {mayMarkDelivered ? (
        <IntentForm id={orderId} intent="deliver" busy={busy} buttonClassName={secondaryButtonClass} className="mt-3">
          Mark delivered
        </IntentForm>
      ) : null}

      {mayShip ? (
        <Form method="post" className="mt-4" noValidate aria-labelledby="ship-heading">
          <h4 id="ship-heading" className="text-sm font-semibold">
            Ship {shipments.length ? "the items not shipped yet" : "this order"}
          </h4>
          {ship?.formError ? (
            <div className="mt-3">
              <FormAlert message={ship.formError.message} detail={ship.formError.detail} />
            </div>
          ) : null}
          <CsrfField />
          <input type="hidden" name="id" value={orderId} />
          <FirstErrorFocus field={firstError}>
            <div className="mt-3 flex flex-wrap items-start gap-3">
              <SelectField
                id="ship-carrier"
                name="carrier"
                label="Carrier"
                required
                placeholder="Choose a carrier"
                options={CARRIERS.map((value) => ({ value, label: CARRIER_LABELS[value] }))}
                defaultValue={ship?.carrier ?? ""}
                error={ship?.errors.carrier}
                className="min-w-[12rem]"
              />
              <TextField
                id="ship-tracking-number"
                name="tracking_number"
                label="Tracking number"
                required
                autoComplete="off"
                spellCheck={false}
                maxLength={60}
                defaultValue={ship?.trackingNumber ?? ""}
                error={ship?.errors.tracking_number}
                hint="As printed on the label; spaces are ignored."
                className="min-w-[16rem] flex-1"
              />
              <button type="submit" name="intent" value="ship" className={`${buttonClass} sm:mt-6`} disabled={busy}>
                Ship order
              </button>
            </div>
          </FirstErrorFocus>
          <p className="mt-2 text-sm text-slate-600">
            Every item not shipped yet leaves in one shipment; the customer is emailed the tracking number and link.
          </p>
        </Form>
      ) : null}
    </TitledSection>
  )
}
