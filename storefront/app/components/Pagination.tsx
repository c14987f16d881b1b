import { Link } from "@remix-run/react"

import { pageNumbers } from "~/modules/catalog/shop-params"

/** Previous / numbered / Next links, only when there is more than one page (spec §2). */
export function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null
  return (
    <nav aria-label="Pagination" className="pager">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span aria-disabled="true">Previous</span>
      )}
      <ul>
        {pageNumbers(page, pages).map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link to={href(n)} aria-label={`Page ${n}`} aria-current={n === page ? "page" : undefined}>
                {n}
              </Link>
            </li>
          )
        )}
      </ul>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span aria-disabled="true">Next</span>
      )}
    </nav>
  )
}
