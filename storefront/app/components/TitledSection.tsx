import type { ReactNode } from "react"

/** A section named by its own heading (`aria-labelledby`), as the site's pages and panels are. */
export function TitledSection({
  id,
  title,
  level = 2,
  className,
  titleClassName = "text-lg font-bold",
  testId,
  children,
}: {
  /** The heading's id. */
  id: string
  title: ReactNode
  level?: 2 | 3
  className?: string
  titleClassName?: string
  testId?: string
  children: ReactNode
}) {
  const Heading = level === 2 ? "h2" : "h3"
  return (
    <section aria-labelledby={id} className={className} data-testid={testId}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  )
}
