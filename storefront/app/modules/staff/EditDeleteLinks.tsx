import { Link } from "@remix-run/react"

import { secondaryButtonClass } from "./button-styles"

type Action = "edit" | "delete"

/**
 * A list item's Edit and Delete links (a category, a product): each opens its form or its
 * confirmation through the page's URL (`?edit=`, `?delete=`) and names the item to screen readers.
 * The page gives the focus back to a link (by its id) when the form or the dialog closes.
 */
export function EditDeleteLinks({
  name,
  idFor,
  hrefFor,
}: {
  name: string
  idFor: (action: Action) => string
  hrefFor: (action: Action) => string
}) {
  return (
    <>
      <Link id={idFor("edit")} to={hrefFor("edit")} preventScrollReset className={secondaryButtonClass}>
        Edit<span className="sr-only"> {name}</span>
      </Link>
      <Link id={idFor("delete")} to={hrefFor("delete")} preventScrollReset className={`${secondaryButtonClass} text-red-800`}>
        Delete<span className="sr-only"> {name}</span>
      </Link>
    </>
  )
}
