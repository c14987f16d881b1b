import { NOT_CONFIGURED } from "@shared/pharmacy-disclosures"
import type { ReactNode } from "react"

import { Fact as OneFact } from "~/components/Fact"

/** A configured disclosure, or the words that say it is not configured (never an empty gap). */
export function Disclosure({ value, children }: { value: string | null; children?: (value: string) => ReactNode }) {
  if (!value) return <span className="text-slate-600">{NOT_CONFIGURED}</span>
  return <>{children ? children(value) : value}</>
}

/** A phone number as a link that dials it. */
export const PhoneLink = ({ phone }: { phone: string }) => <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>

/** A row of the definition lists the disclosure pages use: a term and its value, side by side from small screens up. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <OneFact
      term={term}
      className="grid gap-1 border-b border-slate-200 py-3 last:border-b-0 sm:grid-cols-[14rem_1fr] sm:gap-4"
      termClassName="font-semibold text-ink"
      valueClassName="min-w-0 break-words"
    >
      {children}
    </OneFact>
  )
}
