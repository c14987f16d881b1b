import { useEffect, useRef, useState } from "react"

const TICK_MS = 16
const TICKS = 120

/**
 * The Trusted Customers counter (spec §2, §9): counts up to `target` once,
 * when it scrolls into view, one step every 16 ms. The server renders the
 * final number, screen readers only ever hear it, and with reduced motion it
 * does not count at all.
 */
export function CountUp({ target, suffix = "+" }: { target: number; suffix?: string }) {
  const ref = useRef<HTMLSpanElement>(null)
  const [value, setValue] = useState(target)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === "undefined") return
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return
    let timer = 0
    const step = Math.max(1, Math.ceil(target / TICKS))
    // The observer's first answer comes at once: from then on the number starts at 0.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return setValue(0)
        observer.disconnect()
        setValue(0)
        timer = window.setInterval(() => {
          setValue((current) => {
            const next = Math.min(target, current + step)
            if (next >= target) window.clearInterval(timer)
            return next
          })
        }, TICK_MS)
      },
      { threshold: 0.2 }
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      window.clearInterval(timer)
    }
  }, [target])
  return (
    <span ref={ref} data-testid="trusted-customers">
      <span aria-hidden="true">
        {value}
        {suffix}
      </span>
      <span className="sr-only">
        {target}
        {suffix}
      </span>
    </span>
  )
}
