import { Link } from "@remix-run/react"
import type { StaffOrderEmail } from "@shared/dto/orders"

import { TitledSection } from "~/components/TitledSection"
import { AdminTable, type AdminTableSpec } from "~/modules/staff/AdminTable"
import { secondaryButtonClass } from "~/modules/staff/button-styles"
import { ConfirmDialog } from "~/modules/staff/ConfirmDialog"
import { emailStatusLabel } from "~/modules/staff/format"
import { ActionError, type ActionFailure, IntentForm } from "~/modules/staff/IntentForm"

import { orderHref } from "./links"

/** An email as the page lists it: its times already in words (formatted on the server). */
export type OrderEmailRow = StaffOrderEmail & { key: string; first_try_label: string; last_try_label: string }

const EMAILS_TABLE: AdminTableSpec<OrderEmailRow> = {
  caption: "Emails sent to the customer about this order, oldest first",
  rowTestId: "order-email",
  columns: [
    { header: "Email", className: "font-semibold", cell: (row) => row.label },
    {
      header: "Status",
      cell: (row) => (
        <span className={row.status === "failed" || row.status === "retrying" ? "font-semibold text-red-800" : undefined}>
          {emailStatusLabel(row.status)}
        </span>
      ),
    },
    { header: "Tries", align: "right", cell: (row) => row.tries },
    { header: "First try", cell: (row) => row.first_try_label },
    { header: "Last try", cell: (row) => row.last_try_label },
  ],
}

/**
 * The customer emails of an order (issue 23): what was sent, whether it reached the mail server,
 * and the two ways to give the customer a new status link: another email, or (confirmed first)
 * revoking every link sent before and emailing a new one.
 */
export function OrderEmails({
  orderId,
  email,
  emails,
  confirmRevoke,
  busy,
  formError,
}: {
  orderId: string
  email: string
  emails: OrderEmailRow[]
  confirmRevoke: boolean
  busy: boolean
  formError: ActionFailure | null | undefined
}) {
  return (
    <TitledSection
      id="order-emails-heading"
      level={3}
      title="Emails"
      className="mt-6 border-t border-slate-200 pt-4"
      titleClassName="font-bold"
      testId="order-emails"
    >
      {emails.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No email was sent to the customer about this order yet.</p>
      ) : (
        <AdminTable {...EMAILS_TABLE} rows={emails} />
      )}

      <ActionError failure={formError} />
      <div className="mt-3 flex flex-wrap gap-3">
        <IntentForm id={orderId} intent="status-link" busy={busy} buttonClassName={secondaryButtonClass}>
          Email a new status link
        </IntentForm>
        <Link to={orderHref(orderId, "&confirm=revoke-links")} preventScrollReset className={`${secondaryButtonClass} text-red-800`}>
          Revoke old links and email a new one
        </Link>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        The link to the order&apos;s status page goes to {email}. Revoke the old links when an email went to the wrong person or was
        forwarded: every link sent before stops working.
      </p>

      {confirmRevoke ? (
        <ConfirmDialog
          question="Revoke every status link of this order?"
          cancelTo={orderHref(orderId)}
          confirm={{ id: orderId, intent: "status-link-revoke", label: "Revoke and email a new link", busy }}
        >
          <p>
            Every link to the status page of order <strong>{orderId}</strong> sent before stops working, and a new one is emailed to{" "}
            <strong>{email}</strong>.
          </p>
        </ConfirmDialog>
      ) : null}
    </TitledSection>
  )
}
