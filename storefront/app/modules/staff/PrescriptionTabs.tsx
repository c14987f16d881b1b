import { Link } from "@remix-run/react"

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
