import { Link } from "@remix-run/react"
import { PRICE_BUCKETS } from "@shared/catalog"

import { TextField } from "~/components/form-fields"
import { buttonClass, secondaryButtonClass } from "~/modules/staff/button-styles"
import { FilterBar, FilterSelect } from "~/modules/staff/FilterBar"

import { ADMIN_PRODUCTS_PATH, ADMIN_SORTS, type AdminProductParams, adminProductsHref, hasAdminFilters } from "./products"

/** Search, category, price range and order; with JavaScript a change applies at once. */
export function ProductFilters({ params, categories }: { params: AdminProductParams; categories: { id: string; name: string }[] }) {
  return (
    <FilterBar
      action={ADMIN_PRODUCTS_PATH}
      label="Filter products"
      className="mt-4 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
      hrefFor={(value) =>
        adminProductsHref({
          search: value("search"),
          category: value("category"),
          price: value("price") as AdminProductParams["price"],
          sort: value("sort") as AdminProductParams["sort"],
        })
      }
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
      <FilterSelect
        name="category"
        label="Category"
        value={params.category}
        placeholder="All categories"
        options={categories.map((category) => ({ value: category.id, label: category.name }))}
      />
      <FilterSelect name="price" label="Price Range" value={params.price} options={PRICE_BUCKETS} />
      <FilterSelect name="sort" label="Sort By" value={params.sort} options={ADMIN_SORTS} />
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
    </FilterBar>
  )
}
