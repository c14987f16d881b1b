/**
 * Query's answer read as the row type of the fields a call asked for.
 *
 * Medusa's generated entity types (`.medusa/types`, present in builds, not in a plain `tsc`)
 * describe stored columns: they leave out the computed totals Query returns when asked for
 * (`discount_subtotal`, `total`, ...), and mark relations the call did not request as present.
 * A row type names exactly the requested fields, so reading the answer as that row is the
 * precise description; this is the one place that says so.
 */
export function queryRows<Row extends object>(data: object[]): Row[] {
  return data as Row[]
}
