import { Link, NavLink } from "@remix-run/react"

/** A menu entry: where it goes and what it says; `className` replaces the list's link class for this one entry. */
export type MenuLink = { to: string; label: string; className?: string }

/**
 * The site's menus (header, footer, staff bar) as a list of links. With `current`, each link is a
 * `NavLink` that marks the page it leads to (`aria-current="page"`).
 */
export function LinkList({
  links,
  className,
  linkClassName,
  current = false,
}: {
  links: readonly MenuLink[]
  className?: string
  linkClassName?: string
  current?: boolean
}) {
  const Anchor = current ? NavLink : Link
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={`${link.to}-${link.label}`}>
          <Anchor className={link.className ?? linkClassName} to={link.to}>
            {link.label}
          </Anchor>
        </li>
      ))}
    </ul>
  )
}
