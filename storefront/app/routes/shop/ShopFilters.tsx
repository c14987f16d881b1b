import { Form, Link, useNavigate } from "@remix-run/react"
import { PRICE_BUCKETS } from "@shared/catalog"
import { useState } from "react"

import { shopHref, type ShopParams, shopSorts, shownSort, withFilter } from "~/modules/catalog/shop-params"

/**
 * The shop's filters (category, price range, order): a change applies at once, to the first page
 * of the list; without JavaScript, "Apply Filters" submits them. Below large screens they fold
 * behind a "Filters" button.
 */
export function ShopFilters({ params, shown, categoryNames }: { params: ShopParams; shown: ShopParams; categoryNames: string[] }) {
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)

  const changeFilter = (form: HTMLFormElement) => {
    const values = new FormData(form)
    navigate(
      withFilter(params, {
        category: String(values.get("category") ?? ""),
        price: String(values.get("price") ?? "all") as ShopParams["price"],
        sort: String(values.get("sort") || "default") as ShopParams["sort"],
      })
    )
  }
  // A category from the URL that the store does not list (any more) still shows as chosen.
  const unlisted = shown.category && !categoryNames.some((n) => n.toLowerCase() === shown.category.toLowerCase()) ? [shown.category] : []
  const categories = [
    { value: "", label: "All Categories" },
    ...[...categoryNames, ...unlisted].map((name) => ({ value: name, label: name })),
  ]

  return (
    <aside aria-label="Product filters">
      <button
        type="button"
        id="shop-filters-toggle"
        className="btn-secondary btn-small w-full lg:hidden"
        aria-expanded={open}
        aria-controls="shop-filter-panel"
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 5h14M6 10h8M8 15h4" />
        </svg>
        Filters
      </button>
      <noscript>
        <style>{"#shop-filter-panel{display:block}#shop-filters-toggle{display:none}"}</style>
      </noscript>
      <div id="shop-filter-panel" className={`${open ? "block" : "hidden"} mt-4 lg:mt-0 lg:block`}>
        <Form
          method="get"
          action="/shop"
          className="filter-form"
          onChange={(event) => changeFilter(event.currentTarget)}
          onSubmit={(event) => {
            event.preventDefault()
            changeFilter(event.currentTarget)
          }}
        >
          {params.q ? <input type="hidden" name="q" value={params.q} /> : null}
          <ShopSelect name="category" label="Category" value={shown.category} options={categories} />
          <ShopSelect name="price" label="Price Range" value={shown.price} options={PRICE_BUCKETS} />
          <ShopSelect name="sort" label="Sort By" value={shownSort(shown)} options={shopSorts(shown.q)} />
          <noscript>
            <button type="submit" className="btn-primary btn-small w-full">
              Apply Filters
            </button>
          </noscript>
          <Link to={shopHref({ q: params.q })} className="btn-secondary btn-small w-full">
            Reset Filters
          </Link>
        </Form>
      </div>
    </aside>
  )
}

/** One filter: it shows the page's value (the form's change handler navigates). */
function ShopSelect({
  name,
  label,
  value,
  options,
}: {
  name: string
  label: string
  value: string
  options: readonly { value: string; label: string }[]
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="field-label">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} className="field-select" value={value} onChange={() => {}}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
