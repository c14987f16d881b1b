// @vitest-environment happy-dom
import React, { act } from "react"
import { createRoot } from "react-dom/client"
import { hydrateRoot } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { afterEach, beforeEach, describe, expect, it } from "vitest"

import { CART_STORAGE_KEY } from "~/modules/cart/cart"
import { cartStore } from "~/modules/cart/cart-actions"
import { useCart, useCartCount } from "~/modules/cart/cart-store"

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
void React // the classic JSX transform of the unit project needs React in scope

const product = {
  id: "p1",
  name: "Pen Needles",
  category: "c",
  category_name: "Diabetes Supplies",
  image: null,
  prescription: false,
  is_popular: true,
}
const variant = { id: "v1", name: "4 mm 32G", price: 24.99, stock: 10 }

function Badge() {
  const count = useCartCount()
  return <span data-testid="badge">{count > 0 ? count : ""}</span>
}

function Lines() {
  const cart = useCart()
  return <p>{cart === null ? "loading" : cart.map((l) => `${l.selectedVariant.name} x${l.quantity}`).join(", ") || "empty"}</p>
}

describe("the cart store in the browser", () => {
  let container: HTMLDivElement
  beforeEach(() => {
    container = document.createElement("div")
    document.body.append(container)
  })
  afterEach(() => {
    container.remove()
    act(() => cartStore.clear())
  })

  it("renders no badge on the server, then the stored count once hydrated, without a mismatch", async () => {
    // Another tab (or an earlier visit) stored a cart; this page has not read it yet.
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...product, selectedVariant: variant, quantity: 3 }]))

    const html = renderToString(<Badge />)
    expect(html).toBe('<span data-testid="badge"></span>')
    container.innerHTML = html
    const errors: unknown[] = []
    await act(async () => {
      hydrateRoot(container, <Badge />, { onRecoverableError: (error) => errors.push(error) })
    })
    expect(errors).toEqual([])
    expect(container.textContent).toBe("3")
  })

  it("saves every change under the key 'cart' and tells every component", async () => {
    const root = createRoot(container)
    await act(async () =>
      root.render(
        <>
          <Badge />
          <Lines />
        </>
      )
    )
    expect(container.textContent).toBe("empty")
    act(() => {
      expect(cartStore.add(product, variant, 2)).toBe(2)
    })
    expect(container.textContent).toBe("24 mm 32G x2")
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toMatchObject([
      { id: "p1", quantity: 2, selectedVariant: { id: "v1", price: 24.99 } },
    ])
    act(() => cartStore.setQuantity("p1", "v1", 0)) // ignored
    expect(container.textContent).toBe("24 mm 32G x2")
    act(() => cartStore.remove("p1", "v1"))
    expect(container.textContent).toBe("empty")
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBe("[]")
    act(() => root.unmount())
  })

  it("follows changes made in another tab", async () => {
    const root = createRoot(container)
    await act(async () => root.render(<Badge />))
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...product, selectedVariant: variant, quantity: 5 }]))
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY }))
    })
    expect(container.textContent).toBe("5")
    act(() => root.unmount())
  })

  it("stores the server's fresh price and stock and the lowered quantity", async () => {
    act(() => {
      cartStore.add(product, variant, 4)
      cartStore.applyRefresh([
        {
          product_id: "p1",
          variant_id: "v1",
          quantity: 2,
          status: "ok",
          adjusted: true,
          product: { ...product, name: "BD Pen Needles" },
          variant: { ...variant, price: 26.5, stock: 2 },
        },
      ])
    })
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toMatchObject([
      { name: "BD Pen Needles", quantity: 2, selectedVariant: { price: 26.5, stock: 2 } },
    ])
  })
})
