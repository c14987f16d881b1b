import { Form, Link } from "@remix-run/react"
import type { StaffOrderEmail } from "@shared/dto/orders"

import { FormAlert } from "~/components/form-fields"
import { AdminTable } from "~/modules/staff/AdminTable"
import { dangerButtonClass, secondaryButtonClass } from "~/modules/staff/button-styles"
import { ConfirmDialog } from "~/modules/staff/ConfirmDialog"
import { CsrfField } from "~/modules/staff/CsrfField"
import { emailStatusLabel } from "~/modules/staff/format"

import { orderHref } from "./links"

/** An email as the page lists it: its times already in words (formatted on the server). */
export type OrderEmailRow = StaffOrderEmail & { key: string; first_try_label: string; last_try_label: string }

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
  formError: { message: string; detail: string | null } | null | undefined
}) {
  return (
    <section aria-labelledby="order-emails-heading" className="mt-6 border-t border-slate-200 pt-4" data-testid="order-emails">
      <h3 id="order-emails-heading" className="font-bold">
        Emails
      </h3>
      {emails.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No email was sent to the customer about this order yet.</p>
      ) : (
        <AdminTable
          caption="Emails sent to the customer about this order, oldest first"
          minWidthClass="min-w-[40rem]"
          rows={emails}
          rowKey={(row) => row.key}
          rowTestId="order-email"
          columns={[
            { header: "Email", className: "font-semibold", cell: (row) => row.label },
            {
              header: "Status",
              cell: (row) => (
                <span className={row.status === "failed" || row.status === "retrying" ? "font-semibold text-red-800" : undefined}>
                  {emailStatusLabel(row.status)}
                </span>
              ),
            },
            { header: "Tries", headerClassName: "text-right", className: "text-right", cell: (row) => row.tries },
            { header: "First try", cell: (row) => row.first_try_label },
            { header: "Last try", cell: (row) => row.last_try_label },
          ]}
        />
      )}

      {formError ? (
        <div className="mt-3">
          <FormAlert message={formError.message} detail={formError.detail} />
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="id" value={orderId} />
          <button type="submit" name="intent" value="status-link" className={secondaryButtonClass} disabled={busy}>
            Email a new status link
          </button>
        </Form>
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
          confirm={
            <Form method="post" preventScrollReset>
              <CsrfField />
              <input type="hidden" name="id" value={orderId} />
              <button type="submit" name="intent" value="status-link-revoke" className={dangerButtonClass} disabled={busy}>
                Revoke and email a new link
              </button>
            </Form>
          }
        >
          <p>
            Every link to the status page of order <strong>{orderId}</strong> sent before stops working, and a new one is emailed to{" "}
            <strong>{email}</strong>.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
