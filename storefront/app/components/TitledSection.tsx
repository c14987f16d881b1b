/**
 * A part of a page named by its own heading (an h2 with the id `<id>-heading`, which the section
 * is labelled by): the checkout's and the cart's panels, the full prescription form's parts.
 */
import type { ReactNode } from "react"

export function TitledSection({
  id,
  title,
  className,
  titleClassName = "text-lg font-bold",
  children,
}: {
  id: string
  title: ReactNode
  className?: string
  titleClassName?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  )
}
