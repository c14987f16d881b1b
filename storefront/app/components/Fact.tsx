import type { ReactNode } from "react"

/**
 * One row of a definition list (an order's facts, a shipment, payment details, a disclosure): a
 * term and its value. The row's layout (stacked, or side by side) and the value's look are the caller's.
 */
export function Fact({
  term,
  children,
  testId,
  className,
  termClassName = "text-slate-600",
  valueClassName,
}: {
  term: ReactNode
  children: ReactNode
  /** The value's `data-testid`. */
  testId?: string
  className?: string
  termClassName?: string
  valueClassName?: string
}) {
  return (
    <div className={className}>
      <dt className={termClassName}>{term}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}
