import type { ReactNode } from "react"

import { Fact } from "~/components/Fact"

/** A row of an order's details (the confirmation, how to pay): the term beside its value from small screens up. */
export function DetailRow({
  label,
  testId,
  termWidth,
  children,
}: {
  label: string
  testId: string
  /** The term column's width, from small screens up. */
  termWidth: "sm:grid-cols-[9rem_1fr]" | "sm:grid-cols-[10rem_1fr]"
  children: ReactNode
}) {
  return (
    <Fact
      term={label}
      testId={testId}
      className={`grid gap-1 px-4 py-3 ${termWidth}`}
      termClassName="font-semibold text-slate-700"
      valueClassName="break-words"
    >
      {children}
    </Fact>
  )
}
