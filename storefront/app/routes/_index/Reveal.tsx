import { type ReactNode, useEffect, useRef, useState } from "react"

/**
 * A home section that fades in once 20 % of it is visible (spec §9). The CSS
 * only hides it while scripts run and motion is welcome (tailwind.css), so
 * without JavaScript or with reduced motion it is simply there.
 */
export function Reveal({
  children,
  className = "",
  ...rest
}: { children: ReactNode; className?: string } & React.HTMLAttributes<HTMLElement>) {
  const ref = useRef<HTMLElement>(null)
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === "undefined") {
      setVisible(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[0]
        // A section taller than five screens can never be 20 % visible: half a screen of it counts too.
        if (entry && (entry.intersectionRatio >= 0.2 || entry.intersectionRect.height >= window.innerHeight / 2)) {
          setVisible(true)
          observer.disconnect()
        }
      },
      { threshold: [0, 0.2, 0.5] }
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <section ref={ref} className={`reveal ${visible ? "is-visible" : ""} ${className}`} {...rest}>
      {children}
    </section>
  )
}
