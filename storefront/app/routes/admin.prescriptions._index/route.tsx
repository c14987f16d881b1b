/**
 * Prescription review (issue 7, beyond the spec): the prescription requests,
 * newest first, filtered by form type and status. The list shows names and
 * emails only; opening a request (audited) shows its health information.
 */
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"

import { Pagination } from "~/components/Pagination"
import { attempt, requireAdmin } from "~/lib/data/staff/client.server"
import { countHeldOrders } from "~/lib/data/staff/orders.server"
import { listPrescriptionRequests } from "~/lib/data/staff/prescriptions.server"
import { AdminListStatus, AdminTable, type AdminTableSpec } from "~/modules/staff/AdminTable"
import { buttonClass } from "~/modules/staff/button-styles"
import { formatStaffDateTime } from "~/modules/staff/dates.server"
import { FilterBar, FilterSelect } from "~/modules/staff/FilterBar"
import { FORM_TYPES, formTypeLabel, REQUEST_STATUSES, requestStatusLabel } from "~/modules/staff/format"
import { adminMeta } from "~/modules/staff/meta"
import { pharmacistRefusal, refusedToNonPharmacist } from "~/modules/staff/pharmacist.server"
import { PrescriptionReviewPage } from "~/modules/staff/PrescriptionTabs"

export const meta: MetaFunction = () => adminMeta("Prescription Requests")

const PAGE_SIZE = 20
const PATH = "/admin/prescriptions"

const pick = <T extends readonly { value: string }[]>(options: T, value: string | null) =>
  options.some((o) => o.value === value) ? value! : ""

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  const search = new URL(request.url).searchParams
  const formType = pick(FORM_TYPES, search.get("form_type"))
  const status = pick(REQUEST_STATUSES, search.get("status"))
  const requested = Number(search.get("page"))
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1
  const [list, held] = await Promise.all([
    attempt("listing prescription requests", () =>
      listPrescriptionRequests(admin, {
        form_type: formType || undefined,
        status: status || undefined,
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      })
    ),
    attempt("counting held orders", () => countHeldOrders(admin)),
  ])
  const notPharmacist = !list.ok && refusedToNonPharmacist(list.failure)
  return admin.data({
    notPharmacist: !list.ok && notPharmacist ? pharmacistRefusal(list.failure) : null,
    filters: { form_type: formType, status, page },
    requests: list.ok ? list.value.items.map((r) => ({ ...r, created_label: formatStaffDateTime(r.created_at) })) : [],
    pages: list.ok ? Math.max(1, Math.ceil(list.value.total / PAGE_SIZE)) : 1,
    total: list.ok ? list.value.total : 0,
    heldCount: held.ok ? held.value : null,
    error: list.ok || notPharmacist ? null : "Failed to fetch prescription requests",
  })
}

const href = (filters: { form_type: string; status: string }, page: number) => {
  const query = new URLSearchParams()
  if (filters.form_type) query.set("form_type", filters.form_type)
  if (filters.status) query.set("status", filters.status)
  if (page > 1) query.set("page", String(page))
  const text = query.toString()
  return text ? `${PATH}?${text}` : PATH
}

type RequestRow = SerializeFrom<typeof loader>["requests"][number]

const REQUESTS_TABLE: AdminTableSpec<RequestRow> = {
  caption: "Prescription requests, newest first",
  rowTestId: "prescription-request",
  columns: [
    { header: "Submitted", cell: (request) => request.created_label },
    { header: "Form", cell: (request) => formTypeLabel(request.form_type) },
    { header: "Name", cell: (request) => request.name || "—", className: "font-semibold" },
    { header: "Email", cell: (request) => request.email },
    { header: "Status", cell: (request) => requestStatusLabel(request.status) },
    {
      header: <span className="sr-only">Open</span>,
      className: "text-right",
      // No prefetch: opening a request is an audited read.
      cell: (request) => (
        <Link to={`${PATH}/${encodeURIComponent(request.id)}`} className="font-semibold text-brand-800 underline">
          Open<span className="sr-only"> the request of {request.name || request.email}</span>
        </Link>
      ),
    },
  ],
}

export default function PrescriptionRequests() {
  const { notPharmacist, filters, requests, pages, total, heldCount, error } = useLoaderData<typeof loader>()
  return (
    <PrescriptionReviewPage current="requests" heldCount={heldCount} notPharmacist={notPharmacist}>
      <FilterBar
        action={PATH}
        label="Filter prescription requests"
        className="mt-6 flex flex-wrap items-end gap-4 rounded-2xl border border-slate-200 bg-white p-4"
        hrefFor={(value) => href({ form_type: value("form_type"), status: value("status") }, 1)}
      >
        <FilterSelect name="form_type" label="Form type" value={filters.form_type} placeholder="All form types" options={FORM_TYPES} />
        <FilterSelect name="status" label="Status" value={filters.status} placeholder="All statuses" options={REQUEST_STATUSES} />
        <button type="submit" className={buttonClass}>
          Apply
        </button>
      </FilterBar>

      <AdminListStatus className="mt-6" error={error} empty={requests.length === 0 ? "No prescription requests found" : null}>
        <p className="text-sm text-slate-600">
          {total} {total === 1 ? "request" : "requests"}, newest first
        </p>
      </AdminListStatus>

      {requests.length > 0 ? <AdminTable {...REQUESTS_TABLE} rows={requests} /> : null}
      <div className="mt-6">
        <Pagination page={filters.page} pages={pages} href={(n) => href(filters, n)} />
      </div>
    </PrescriptionReviewPage>
  )
}
