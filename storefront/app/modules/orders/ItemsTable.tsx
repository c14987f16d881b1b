import { type Column, DataTable, ScrollRegion } from "~/components/DataTable"

/**
 * What an order holds, a line an item, for staff (Order Details) and for the customer (the order's
 * status page): a labelled region that scrolls sideways on small screens.
 */
export function ItemsTable<Row>({
  label,
  className,
  columns,
  rows,
  rowKey,
  caption,
}: {
  /** The scrolling region's name ("Items of the order"). */
  label: string
  className: string
  columns: Column<Row>[]
  rows: Row[]
  rowKey: (row: Row, index: number) => string
  caption?: string
}) {
  return (
    <ScrollRegion label={label} className={className}>
      <DataTable look={ITEMS_LOOK} columns={columns} rows={rows} rowKey={rowKey} rowTestId="order-item" caption={caption} />
    </ScrollRegion>
  )
}

const ITEMS_LOOK = {
  table: "w-full min-w-[28rem] text-left text-sm",
  cell: "py-2",
  gap: "pr-3",
  headRow: "border-b border-slate-200 text-slate-600",
  row: "border-b border-slate-100",
}
