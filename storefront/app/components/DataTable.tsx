/**
 * The site's tables, shopper and staff: column headers, one row per item. Each table is described
 * once, as data (`TableSpec`): its columns (a header and what each row shows) and its look (the
 * spacing and lines are the table's own). `ScrollRegion` lets a wide table scroll sideways.
 */
import type { ReactNode } from "react"

export type Column<Row> = {
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** Numbers and amounts: header and cells flush right. */
  align?: "right"
  /** Extra classes of the header cell. */
  headerClassName?: string
  /** Extra classes of each data cell ("font-semibold"). */
  className?: string
  /** The cell names its row (`<th scope="row">`), as a state names its license number. */
  rowHeader?: boolean
}

export type TableLook = {
  table: string
  /** The padding of every cell ("py-2"). */
  cell: string
  /** The space after every cell but the last ("pr-3"). */
  gap?: string
  headRow: string
  row: string
}

export type TableSpec<Row> = {
  look: TableLook
  columns: Column<Row>[]
  /** React's key of a row (default: its place in the list). */
  rowKey?: (row: Row, index: number) => string
  /** Each row's `data-testid`. */
  rowTestId?: string
}

const join = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(" ")

export function DataTable<Row>({
  look,
  columns,
  rowKey = (_row, index) => String(index),
  rowTestId,
  rows,
  caption,
  labelledBy,
}: TableSpec<Row> & {
  rows: Row[]
  /** Said to screen readers only. */
  caption?: string
  /** Or the id of the heading that names the table. */
  labelledBy?: string
}) {
  const cellClass = (index: number, extra: string | undefined) =>
    join(look.cell, index < columns.length - 1 && look.gap, columns[index].align === "right" && "text-right", extra)
  return (
    <table className={look.table} aria-labelledby={labelledBy}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead>
        <tr className={look.headRow}>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={cellClass(index, column.headerClassName)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowKey(row, rowIndex)} className={look.row} data-testid={rowTestId}>
            {columns.map((column, index) =>
              column.rowHeader ? (
                <th key={index} scope="row" className={cellClass(index, column.className)}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={index} className={cellClass(index, column.className)}>
                  {column.cell(row)}
                </td>
              )
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A wide table's box: it scrolls sideways and, being a labelled region, is reachable by keyboard. */
export function ScrollRegion({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div
      className={`relative ${className} overflow-x-auto`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </div>
  )
}
