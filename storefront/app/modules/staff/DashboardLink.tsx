import { Link } from "@remix-run/react"

/** The way back from a page off the staff menu's beaten path (an error, the security settings). */
export function DashboardLink({ className }: { className: string }) {
  return (
    <p className={className}>
      <Link to="/admin/dashboard" className="font-semibold text-brand-800 underline">
        Back to the dashboard
      </Link>
    </p>
  )
}
