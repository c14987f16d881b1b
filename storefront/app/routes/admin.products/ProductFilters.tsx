import { Form, Link, useNavigate } from "@remix-run/react"
import { PRICE_BUCKETS } from "@shared/catalog"

import { SelectField, TextField } from "~/components/form-fields"
import { buttonClass, secondaryButtonClass } from "~/modules/staff/button-styles"

import { ADMIN_PRODUCTS_PATH, ADMIN_SORTS, type AdminProductParams, adminProductsHref, hasAdminFilters } from "./products"

/** Search, category, price range and order; with JavaScript a change applies at once. */
export function ProductFilters({ params, categories }: { params: AdminProductParams; categories: { id: string; name: string }[] }) {
  const navigate = useNavigate()
  // With JavaScript, a filter change navigates to the clean URL of the list's page 1 (without, the form does the same with every field).
  const applyFilters = (form: HTMLFormElement | null) => {
    if (!form) return
    const values = new FormData(form)
    const value = (name: string) => String(values.get(name) ?? "").trim()
    navigate(
      adminProductsHref({
        search: value("search"),
        category: value("category"),
        price: value("price") as AdminProductParams["price"],
        sort: value("sort") as AdminProductParams["sort"],
      })
    )
  }
  return (
    <Form
      method="get"
      action={ADMIN_PRODUCTS_PATH}
      onSubmit={(event) => {
        event.preventDefault()
        applyFilters(event.currentTarget)
      }}
      className="mt-4 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
      aria-label="Filter products"
    >
      <TextField
        id="filter-search"
        markOptional={false}
        name="search"
        type="search"
        label="Search"
        placeholder="Name or description"
        defaultValue={params.search}
        key={`search-${params.search}`}
      />
      <SelectField
        id="filter-category"
        markOptional={false}
        name="category"
        label="Category"
        defaultValue={params.category}
        key={`category-${params.category}`}
        onChange={(event) => applyFilters(event.currentTarget.form)}
      >
        <option value="">All categories</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="filter-price"
        markOptional={false}
        name="price"
        label="Price Range"
        defaultValue={params.price}
        key={`price-${params.price}`}
        onChange={(event) => applyFilters(event.currentTarget.form)}
      >
        {PRICE_BUCKETS.map((bucket) => (
          <option key={bucket.value} value={bucket.value}>
            {bucket.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="filter-sort"
        markOptional={false}
        name="sort"
        label="Sort By"
        defaultValue={params.sort}
        key={`sort-${params.sort}`}
        onChange={(event) => applyFilters(event.currentTarget.form)}
      >
        {ADMIN_SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </SelectField>
      <div className="flex items-end gap-2">
        <button type="submit" className={buttonClass}>
          Apply
        </button>
        {hasAdminFilters(params) ? (
          <Link to={ADMIN_PRODUCTS_PATH} className={secondaryButtonClass}>
            Reset Filters
          </Link>
        ) : null}
      </div>
    </Form>
  )
}
