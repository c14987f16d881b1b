import type { ReactNode } from "react"

import { TitledSection } from "~/components/TitledSection"

/** One part of the order's status page (progress, shipping, items, the prescription review): a white card under its heading. */
export function StatusPanel({ id, title, testId, children }: { id: string; title: string; testId?: string; children: ReactNode }) {
  return (
    <TitledSection id={`${id}-heading`} title={title} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6" testId={testId}>
      {children}
    </TitledSection>
  )
}
