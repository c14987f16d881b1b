/**
 * Medusa Admin's order page, side column: the pharmacy's state of the order (issue 24) in the
 * shop's words, where Medusa Admin alone shows "#32" and "Authorized" for an unpaid manual payment
 * and nothing of the prescription hold. Read from GET /admin/orders/{id}/pharmacy.
 */
import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"

import type { OrderPharmacyView } from "../../shared/dto/order-pharmacy"

type Loaded = { state: "loading" } | { state: "error"; message: string } | { state: "done"; pharmacy: OrderPharmacyView }

const REVIEW_COLOR = { pending: "orange", needs_information: "orange", approved: "green", rejected: "red" } as const

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-2 items-start gap-2 px-6 py-3">
      <Text size="small" weight="plus" leading="compact">
        {label}
      </Text>
      <div className="text-ui-fg-subtle">{children}</div>
    </div>
  )
}

function OrderPharmacyWidget({ data: order }: DetailWidgetProps<AdminOrder>) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" })

  useEffect(() => {
    let current = true
    fetch(`/admin/orders/${encodeURIComponent(order.id)}/pharmacy`, { credentials: "include", headers: { Accept: "application/json" } })
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as { pharmacy?: OrderPharmacyView; message?: string }
        if (!current) return
        if (response.ok && body.pharmacy) setLoaded({ state: "done", pharmacy: body.pharmacy })
        else setLoaded({ state: "error", message: body.message ?? "The pharmacy's state of this order could not be read." })
      })
      .catch(() => current && setLoaded({ state: "error", message: "The pharmacy's state of this order could not be read." }))
    return () => {
      current = false
    }
  }, [order.id])

  return (
    <Container className="divide-y p-0" data-testid="order-pharmacy-widget">
      <div className="px-6 py-4">
        <Heading level="h2">Pharmacy</Heading>
      </div>
      {loaded.state === "loading" && (
        <Text size="small" className="px-6 py-3" aria-busy="true">
          Loading…
        </Text>
      )}
      {loaded.state === "error" && (
        <Text size="small" className="px-6 py-3" role="alert">
          {loaded.message}
        </Text>
      )}
      {loaded.state === "done" && (
        <>
          <Row label="Order number">
            <Text size="small" className="font-mono">
              {loaded.pharmacy.order_number}
            </Text>
          </Row>
          <Row label="Status">
            <Text size="small">{loaded.pharmacy.status_text}</Text>
          </Row>
          <Row label="Payment">
            <StatusBadge color={loaded.pharmacy.payment_text === "Paid" ? "green" : "orange"}>{loaded.pharmacy.payment_text}</StatusBadge>
          </Row>
          {loaded.pharmacy.payment && (
            <Row label="Pay-to instructions">
              <Text size="small">
                {loaded.pharmacy.payment.method} to {loaded.pharmacy.payment.pay_to}: {loaded.pharmacy.payment.amount_text}, memo{" "}
                {loaded.pharmacy.payment.memo}, by {loaded.pharmacy.payment.pay_by_text}.
              </Text>
            </Row>
          )}
          <Row label="Prescription review">
            {loaded.pharmacy.prescription_review ? (
              <div className="flex flex-col gap-1">
                <StatusBadge color={REVIEW_COLOR[loaded.pharmacy.prescription_review.state]}>
                  {loaded.pharmacy.prescription_review.state.replace("_", " ")}
                </StatusBadge>
                <Text size="small">{loaded.pharmacy.prescription_review.text}</Text>
              </div>
            ) : (
              <Text size="small">No prescription items</Text>
            )}
          </Row>
          {loaded.pharmacy.canceled_text && (
            <Row label="Canceled">
              <Text size="small">{loaded.pharmacy.canceled_text}</Text>
            </Row>
          )}
        </>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.before" })

export default OrderPharmacyWidget
