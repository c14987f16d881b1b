import type { ReactNode } from "react"

/** One part of the order's status page (progress, shipping, items, the prescription review): a white card under its heading. */
export function StatusPanel({ id, title, testId, children }: { id: string; title: string; testId?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6" data-testid={testId}>
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  )
}
