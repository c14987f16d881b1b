import { Form, useLocation, useNavigate } from "@remix-run/react"
import { SEARCH_MAX_LENGTH } from "@shared/catalog"
import { type KeyboardEvent, useEffect, useState } from "react"

import { normalizeSearch } from "~/modules/catalog/shop-params"
import type { SuggestionsAnswer } from "~/routes/search-suggestions"

/** Wait this long after the last key before asking for suggestions. */
const DEBOUNCE_MS = 200
/** Suggestions start at this many characters. */
const MIN_CHARACTERS = 2

/**
 * The header's product search (decision 0058): a plain GET form to `/shop?q=` that works without
 * JavaScript, and where JavaScript runs, a combobox (WAI-ARIA 1.2, list autocomplete) suggesting
 * products while the shopper types: arrow keys move through them, Enter opens the one chosen (or
 * searches), Escape closes the list (then clears the field).
 */
export function SearchBox({ id, className = "" }: { id: string; className?: string }) {
  const location = useLocation()
  const navigate = useNavigate()
  const current = location.pathname === "/shop" ? normalizeSearch(new URLSearchParams(location.search).get("q")) : ""
  const [value, setValue] = useState(current)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [data, setData] = useState<SuggestionsAnswer>()

  // Another page (or Back): the field shows that page's search, the list closes.
  const [shownFor, setShownFor] = useState(location.key)
  if (shownFor !== location.key) {
    setShownFor(location.key)
    setValue(current)
    setOpen(false)
    setActive(-1)
  }

  const typed = normalizeSearch(value)
  useEffect(() => {
    if (!open || typed.length < MIN_CHARACTERS) return
    // A plain request, not a Remix fetcher: a superseded one is dropped here quietly, where Remix logs
    // an aborted load to the console and first asks its route manifest for the resource route.
    const request = new AbortController()
    const timer = setTimeout(() => {
      fetch(`/search-suggestions?q=${encodeURIComponent(typed)}`, { signal: request.signal, headers: { Accept: "application/json" } })
        .then((response) => response.json() as Promise<SuggestionsAnswer>)
        .then(setData)
        .catch(() => {}) // aborted, offline or refused: no suggestions, and the search itself still works
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      request.abort()
    }
  }, [typed, open])

  const suggestions = open && typed.length >= MIN_CHARACTERS && data?.q === typed ? data.products : []
  const expanded = suggestions.length > 0
  const listId = `${id}-suggestions`
  const optionId = (index: number) => `${id}-option-${index}`

  const close = () => {
    setOpen(false)
    setActive(-1)
  }
  const choose = (productId: string) => {
    close()
    navigate(`/product/${encodeURIComponent(productId)}`)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault()
      setOpen(true)
      if (suggestions.length === 0) return
      const step = event.key === "ArrowDown" ? 1 : -1
      setActive((index) => (index < 0 && step < 0 ? suggestions.length - 1 : (index + step + suggestions.length) % suggestions.length))
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault()
      choose(suggestions[active].id)
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault()
        event.stopPropagation() // the list closes, not the mobile menu around it
        close()
      } else if (value) {
        event.preventDefault()
        event.stopPropagation()
        setValue("")
      }
    }
  }

  return (
    <Form method="get" action="/shop" role="search" className={`search-box ${className}`} onSubmit={close}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <div className="relative flex-1">
        <input
          id={id}
          name="q"
          type="search"
          className="search-input"
          placeholder="Search products"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX_LENGTH}
          value={value}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          onChange={(event) => {
            setValue(event.target.value)
            setOpen(true)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <ul id={listId} role="listbox" aria-label="Suggested products" className="search-suggestions" hidden={!expanded}>
          {suggestions.map((product, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- keys stay on the field (aria-activedescendant): arrows and Enter there
            <li
              key={product.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="search-option"
              // Before the field's blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(product.id)}
            >
              <span className="block font-semibold">{product.name}</span>
              {product.category_name ? <span className="block text-xs text-slate-600">{product.category_name}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="search-submit">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <span className="sr-only">Search</span>
      </button>
    </Form>
  )
}
