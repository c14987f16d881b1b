import { Link } from "@remix-run/react"
import type { ReactNode } from "react"

import { NotPharmacist } from "./NotPharmacist"

/** A page of the prescription review: its title and tabs, then its list, or why this member of staff may not see it. */
export function PrescriptionReviewPage({
  current,
  heldCount,
  notPharmacist,
  children,
}: {
  current: "requests" | "orders"
  heldCount: number | null
  /** The backend's refusal to a member of staff who is not a pharmacist (or lacks two-step sign-in). */
  notPharmacist: string | null
  children: ReactNode
}) {
  return (
    <div>
      <h1 className="page-title">Prescription Review</h1>
      <PrescriptionTabs current={current} heldCount={notPharmacist ? null : heldCount} />
      {notPharmacist ? <NotPharmacist message={notPharmacist} /> : children}
    </div>
  )
}

/** The two lists of the prescription review. */
export function PrescriptionTabs({ current, heldCount }: { current: "requests" | "orders"; heldCount: number | null }) {
  const tab = (active: boolean) =>
    `inline-block rounded-t-lg border-b-2 px-4 py-2 text-sm font-semibold ${active ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-ink"}`
  return (
    <nav aria-label="Prescription review" className="mt-4 border-b border-slate-200">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to="/admin/prescriptions"
            className={tab(current === "requests")}
            aria-current={current === "requests" ? "page" : undefined}
          >
            Prescription requests
          </Link>
        </li>
        <li>
          <Link
            to="/admin/prescriptions/orders"
            className={tab(current === "orders")}
            aria-current={current === "orders" ? "page" : undefined}
          >
            Orders held for review{heldCount !== null ? ` (${heldCount})` : ""}
          </Link>
        </li>
      </ul>
    </nav>
  )
}
