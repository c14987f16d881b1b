import { useId, useRef } from "react"

import type { FaqItem } from "~/content/home"

/**
 * Only one answer open at a time; clicking the open one closes it (spec §2).
 * Native `<details name>` does this without JavaScript in current browsers;
 * the toggle handler does it in older ones.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const group = useId()
  const list = useRef<HTMLDivElement>(null)
  const onToggle = (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    const opened = event.currentTarget
    if (!opened.open) return
    list.current?.querySelectorAll("details[open]").forEach((other) => {
      if (other !== opened) (other as HTMLDetailsElement).open = false
    })
  }
  return (
    <div ref={list} className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} name={group} onToggle={onToggle} className="group px-5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="h-5 w-5 shrink-0 text-brand-700 transition group-open:rotate-45"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M10 4v12M4 10h12" />
            </svg>
          </summary>
          <p className="pb-5 leading-relaxed text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  )
}
