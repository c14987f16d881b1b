import { Link } from "@remix-run/react"
import type { StaffOrderView } from "@shared/dto/orders"

import { TitledSection } from "~/components/TitledSection"
import { formatPrice } from "~/lib/money"
import { buttonClass, secondaryButtonClass } from "~/modules/staff/button-styles"
import { ConfirmDialog } from "~/modules/staff/ConfirmDialog"
import { paymentLabel } from "~/modules/staff/format"
import { ActionError, type ActionFailure, IntentForm } from "~/modules/staff/IntentForm"

import { CLOSED, orderHref } from "./links"

/** Record a payment, or cancel (after the confirmation): for orders still open. */
export function OrderActions({
  order,
  confirmCancel,
  busy,
  formError,
}: {
  order: StaffOrderView
  confirmCancel: boolean
  busy: boolean
  formError: ActionFailure | null | undefined
}) {
  const canMarkPaid = !order.paid && !CLOSED.has(order.status)
  const canCancel = !CLOSED.has(order.status) && order.status !== "fulfilled"
  return (
    <>
      {canMarkPaid || canCancel ? (
        <TitledSection
          id="order-actions"
          level={3}
          title="Payment and cancellation"
          className="mt-6 border-t border-slate-200 pt-4"
          titleClassName="font-bold"
        >
          <ActionError failure={formError} />
          <div className="mt-3 flex flex-wrap gap-3">
            {canMarkPaid ? (
              <IntentForm id={order.unique_order_id} intent="mark-paid" busy={busy} buttonClassName={buttonClass}>
                Mark as paid
              </IntentForm>
            ) : null}
            {canCancel ? (
              <Link
                to={orderHref(order.unique_order_id, "&confirm=cancel")}
                preventScrollReset
                className={`${secondaryButtonClass} text-red-800`}
              >
                Cancel order
              </Link>
            ) : null}
          </div>
          {canMarkPaid ? (
            <p className="mt-2 text-sm text-slate-600">
              Mark the order paid once its {order.payment_method ? paymentLabel(order.payment_method) : ""} payment of{" "}
              {formatPrice(order.totals.total)} has arrived.
            </p>
          ) : null}
        </TitledSection>
      ) : null}

      {confirmCancel ? (
        <ConfirmDialog
          question="Are you sure you want to cancel this order?"
          cancelTo={orderHref(order.unique_order_id)}
          confirm={{ id: order.unique_order_id, intent: "cancel", label: "Cancel order", busy }}
        >
          <p>
            Order <strong>{order.unique_order_id}</strong> is canceled and its stock released.
            {order.paid ? " Its recorded payment is marked refunded: send the money back to the customer." : ""}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  )
}
