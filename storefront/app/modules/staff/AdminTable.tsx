/**
 * The staff area's list tables (recent orders, queues, held orders, prescription requests, an
 * order's emails and shipments): a caption for screen readers, column headers, one row per item,
 * and sideways scrolling on small screens. Each table is described once, as data (`AdminTableSpec`).
 */
import type { ReactNode } from "react"

import { type Column, DataTable } from "~/components/DataTable"
import { FormAlert } from "~/components/form-fields"

export type AdminColumn<Row> = Column<Row>

export type AdminTableSpec<Row> = {
  caption: string
  /** The width under which the table scrolls sideways (default "min-w-[40rem]"). */
  minWidthClass?: string
  /** Each row's `data-testid`. */
  rowTestId: string
  columns: AdminColumn<Row>[]
}

/** Rows are keyed by their `id` (orders, requests), else their `key` (an order's emails and shipments). */
const rowKey = (row: object, index: number) =>
  "id" in row && typeof row.id === "string" ? row.id : "key" in row && typeof row.key === "string" ? row.key : String(index)

export function AdminTable<Row extends object>({
  caption,
  minWidthClass = "min-w-[40rem]",
  rowTestId,
  columns,
  rows,
}: AdminTableSpec<Row> & { rows: Row[] }) {
  const look = {
    table: `w-full ${minWidthClass} text-left text-sm`,
    cell: "px-4 py-3",
    headRow: "border-b border-slate-200 text-slate-600",
    row: "border-b border-slate-100 last:border-0",
  }
  return (
    <div className="relative mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <DataTable look={look} columns={columns} rows={rows} rowKey={rowKey} rowTestId={rowTestId} caption={caption} />
    </div>
  )
}

/** Above a list's table, announced: why the list failed, else that it is empty, else `children` (a count). */
export function AdminListStatus({
  className,
  error,
  empty,
  children,
}: {
  className: string
  error: string | null
  /** The words for an empty list; null when it has rows. */
  empty: string | null
  children?: ReactNode
}) {
  return (
    <div className={className} aria-live="polite">
      {error ? (
        <FormAlert message={error} />
      ) : empty ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center font-semibold">{empty}</p>
      ) : (
        children
      )}
    </div>
  )
}
