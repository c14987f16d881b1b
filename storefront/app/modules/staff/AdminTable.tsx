/**
 * The staff area's list tables (recent orders, held orders, prescription requests): a caption
 * for screen readers, column headers, one row per item, and sideways scrolling on small screens.
 */
import type { ReactNode } from "react"

export type AdminColumn<Row> = {
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** Extra classes of the header cell ("text-right"). */
  headerClassName?: string
  /** Extra classes of each data cell ("text-right", "font-semibold"). */
  className?: string
}

export function AdminTable<Row>({
  caption,
  minWidthClass,
  columns,
  rows,
  rowKey,
  rowTestId,
}: {
  caption: string
  /** The width under which the table scrolls sideways ("min-w-[40rem]"). */
  minWidthClass: string
  columns: AdminColumn<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string
  rowTestId: string
}) {
  return (
    <div className="relative mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className={`w-full ${minWidthClass} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.headerClassName ? `px-4 py-3 ${column.headerClassName}` : "px-4 py-3"}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-slate-100 last:border-0" data-testid={rowTestId}>
              {columns.map((column, index) => (
                <td key={index} className={column.className ? `px-4 py-3 ${column.className}` : "px-4 py-3"}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
