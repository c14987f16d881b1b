import { Link, NavLink, useLocation } from "@remix-run/react"
import { STORE } from "@shared/store-constants"
import { type RefObject, useEffect, useRef, useState } from "react"

import { categoryLink, HEADER_FAQ, HEADER_HOME, HEADER_LINKS, HEADER_SHOP } from "~/lib/site-pages"
import { useCartCount } from "~/modules/cart/cart-store"

import { LinkList, type MenuLink } from "./LinkList"
import { SearchBox } from "./SearchBox"

const MARQUEE = "FREE SHIPPING FOR OUR MEMBERS • 24/7 AVAILABLE • FAST SHIPPING"

/** Spec §2: the shop dropdown's categories, and the mobile menu's (which labels one "Diabetes Supply"). */
const SHOP_CATEGORIES = ["Medical Weight Loss", "Insulin", "Diabetes Supplies"]
const MOBILE_LABELS: Record<string, string> = { "Diabetes Supplies": "Diabetes Supply" }

const SHOP_MENU: MenuLink[] = [{ to: "/shop", label: "All Products" }, ...SHOP_CATEGORIES.map((category) => categoryLink(category))]
const MOBILE_MENU: MenuLink[] = [
  HEADER_HOME,
  HEADER_SHOP,
  ...SHOP_CATEGORIES.map((category) => ({ ...categoryLink(category, MOBILE_LABELS[category]), className: "menu-link sub" })),
  ...HEADER_LINKS,
  HEADER_FAQ,
]

/**
 * A `<details>` menu (it opens without JavaScript) that also closes, once the
 * page is interactive, on navigation, on Escape and on a click outside.
 */
function useDetailsMenu(ref: RefObject<HTMLDetailsElement>) {
  const location = useLocation()
  useEffect(() => {
    if (ref.current) ref.current.open = false
  }, [location, ref])
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const details = ref.current
      if (event.key !== "Escape" || !details?.open) return
      details.open = false
      details.querySelector("summary")?.focus()
    }
    const onClick = (event: MouseEvent) => {
      const details = ref.current
      if (details?.open && !details.contains(event.target as Node)) details.open = false
    }
    document.addEventListener("keydown", onKey)
    document.addEventListener("click", onClick)
    return () => {
      document.removeEventListener("keydown", onKey)
      document.removeEventListener("click", onClick)
    }
  }, [ref])
}

function Marquee() {
  const [paused, setPaused] = useState(false)
  return (
    <div className="marquee" data-paused={paused || undefined}>
      <div className="container-page flex items-center gap-2">
        <div className="marquee-window">
          <p className="sr-only">{MARQUEE}</p>
          <div className="marquee-track" aria-hidden="true">
            <span className="px-8">{MARQUEE}</span>
            <span className="px-8">{MARQUEE}</span>
          </div>
        </div>
        <button type="button" className="marquee-toggle" aria-pressed={paused} onClick={() => setPaused((value) => !value)}>
          {paused ? "Play" : "Pause"}
          <span className="sr-only"> announcement</span>
        </button>
      </div>
    </div>
  )
}

function CartLink() {
  const count = useCartCount()
  return (
    <Link to="/cart" className="icon-btn relative" aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
        <circle cx="10" cy="20" r="1.5" />
        <circle cx="17" cy="20" r="1.5" />
      </svg>
      {count > 0 ? (
        <span data-testid="cart-badge" className="cart-badge">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  )
}

export function SiteHeader() {
  // The product search is the shoppers' (decision 0058): the staff area has its own searches, one per list.
  const shopperPage = !/^\/admin(\/|$)/.test(useLocation().pathname)
  const shopMenu = useRef<HTMLDetailsElement>(null)
  const mobileMenu = useRef<HTMLDetailsElement>(null)
  useDetailsMenu(shopMenu)
  useDetailsMenu(mobileMenu)
  return (
    <header className="site-header">
      <Marquee />
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="site-logo">
          <span aria-hidden="true">Rx</span>
          {STORE.name}
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-6 lg:flex">
          <NavLink to="/" end className="nav-link">
            HOME
          </NavLink>
          <details ref={shopMenu} className="relative">
            <summary className="nav-link">
              SHOP <span aria-hidden="true">▾</span>
            </summary>
            <LinkList links={SHOP_MENU} className="menu-panel left-0 top-8 w-56" linkClassName="menu-link" />
          </details>
          {HEADER_LINKS.map((item) => (
            <NavLink key={item.to} to={item.to} className="nav-link">
              {item.label}
            </NavLink>
          ))}
        </nav>

        <div className="flex items-center gap-1">
          <CartLink />
          <details ref={mobileMenu} className="relative lg:hidden">
            <summary className="icon-btn" aria-label="Menu">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <nav aria-label="Mobile" className="menu-panel mobile-menu">
              {shopperPage ? <SearchBox id="mobile-search" className="mb-2" /> : null}
              <LinkList links={MOBILE_MENU} linkClassName="menu-link" />
            </nav>
          </details>
        </div>
      </div>
      {shopperPage ? (
        <div className="container-page hidden justify-end pb-3 lg:flex">
          <SearchBox id="header-search" className="w-80" />
        </div>
      ) : null}
    </header>
  )
}
