import { useRef } from "react"

import type { Partner } from "~/content/home"

/**
 * The partners carousel: a row that scrolls by swipe, trackpad or keyboard,
 * and with Previous/Next buttons. It never moves by itself, so there is
 * nothing to pause.
 */
export function PartnersCarousel({ partners }: { partners: Partner[] }) {
  const track = useRef<HTMLUListElement>(null)
  const scroll = (direction: 1 | -1) => {
    const element = track.current
    if (!element) return
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches
    const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 4
    const atStart = element.scrollLeft <= 4
    // Wrap around at either end, as a carousel does.
    const left =
      direction === 1 && atEnd
        ? -element.scrollLeft
        : direction === -1 && atStart
          ? element.scrollWidth
          : direction * element.clientWidth * 0.8
    element.scrollBy({ left, behavior: reduce ? "auto" : "smooth" })
  }
  return (
    <div className="relative" role="region" aria-roledescription="carousel" aria-label="Partner logos">
      <ul
        ref={track}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-label="Partner organisations"
        className="flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:thin]"
      >
        {partners.map((partner) => (
          <li
            key={partner.name}
            className="grid h-28 w-64 shrink-0 snap-start place-items-center rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <img src={partner.logo} alt={partner.name} width={partner.width} height={56} loading="lazy" className="h-12 w-auto" />
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-center gap-3">
        <button type="button" className="btn-secondary px-4 py-2" onClick={() => scroll(-1)}>
          <span aria-hidden="true">←</span> Previous<span className="sr-only"> partners</span>
        </button>
        <button type="button" className="btn-secondary px-4 py-2" onClick={() => scroll(1)}>
          Next<span className="sr-only"> partners</span> <span aria-hidden="true">→</span>
        </button>
      </div>
    </div>
  )
}
