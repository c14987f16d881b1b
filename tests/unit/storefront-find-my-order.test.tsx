// @vitest-environment happy-dom
import type { ClientActionFunctionArgs } from "@remix-run/react"
import { ORDER_LOOKUP_ANSWER, ORDER_NUMBER_FORMAT_MESSAGE } from "@shared/schemas/order-lookup"
import React from "react"
import { afterEach, describe, expect, it, vi } from "vitest"

import { SiteFooter } from "~/components/SiteFooter"
import { config } from "~/lib/config.server"
import { LOOKUP_UNAVAILABLE, lookupClientAction } from "~/routes/find-my-order/lookup"
import { lookUpOrder } from "~/routes/find-my-order/lookup.server"
import * as findMyOrderPage from "~/routes/find-my-order/route"

import { backend } from "../support/order-status-fixtures"
import { renderRoutes, submit, type } from "../support/remix-stub"

void React // the classic JSX transform of the unit project needs React in scope

const formData = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return form
}

const shopper = { clientAddress: "203.0.113.9" }
const ACCEPTED = { status: 202, body: { message: ORDER_LOOKUP_ANSWER } }

describe("Find my order on the server (issue 23)", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("validates with the backend's schema and asks the backend nothing until the form is right", async () => {
    const calls = backend(ACCEPTED)
    expect(await lookUpOrder(formData({}), shopper)).toEqual({
      sent: null,
      fieldErrors: { order_number: "Order number is required", email: "Email is required" },
      formError: null,
      values: { order_number: "", email: "" },
    })
    expect((await lookUpOrder(formData({ order_number: "12345", email: "ada@" }), shopper)).fieldErrors).toEqual({
      order_number: ORDER_NUMBER_FORMAT_MESSAGE,
      email: "Enter a valid email address",
    })
    // What was typed comes back, bounded, for the page rendered without JavaScript.
    expect((await lookUpOrder(formData({ order_number: "x".repeat(500), email: "a@b.co" }), shopper)).values.order_number).toHaveLength(100)
    expect(calls).toHaveLength(0)
  })

  it("sends the normalized lookup for this shopper and gives the same answer whatever the backend found", async () => {
    const calls = backend(ACCEPTED)
    const matched = await lookUpOrder(formData({ order_number: " hh-7k3m-9q2x ", email: " ada@example.com " }), shopper)
    expect(matched).toEqual({
      sent: ORDER_LOOKUP_ANSWER,
      fieldErrors: {},
      formError: null,
      values: { order_number: " hh-7k3m-9q2x ", email: " ada@example.com " },
    })
    expect(calls[0].url).toBe(`${config.backendUrl}/store/order-status/lookup`)
    expect(calls[0].method).toBe("POST")
    expect(calls[0].body).toEqual({ order_number: "HH-7K3M-9Q2X", email: "ada@example.com" })
    expect(calls[0].headers.get("x-forwarded-for")).toBe("203.0.113.9")

    // Whatever the backend says with its 202, the page says the one answer: nothing tells whether the order exists.
    backend({ status: 202, body: { message: "No such order" } })
    const unknown = await lookUpOrder(formData({ order_number: "HH-2222-3333", email: "someone@example.com" }), shopper)
    expect(unknown.sent).toBe(matched.sent)
    expect(unknown.formError).toBeNull()
  })

  it("says why when the backend refuses: its message (400), a wait (429), or that it is unavailable", async () => {
    const valid = formData({ order_number: "HH-7K3M-9Q2X", email: "ada@example.com" })
    backend({ status: 400, body: { type: "invalid_data", message: "Enter a valid email address" } })
    expect(await lookUpOrder(valid, shopper)).toMatchObject({ sent: null, formError: "Enter a valid email address" })

    backend({ status: 429, body: { type: "too_many_requests", message: "Too many requests" }, headers: { "Retry-After": "300" } })
    expect(await lookUpOrder(valid, shopper)).toMatchObject({
      sent: null,
      formError: "Too many tries. Please wait 5 minutes and try again.",
    })

    const error = vi.spyOn(console, "error").mockImplementation(() => {})
    for (const answer of [
      { status: 500, body: {} },
      { status: 400, body: { type: "not_allowed", message: "A valid publishable key is required" } },
      new TypeError("fetch failed"),
    ]) {
      backend(answer)
      expect(await lookUpOrder(valid, shopper)).toMatchObject({
        sent: null,
        formError: LOOKUP_UNAVAILABLE,
        values: { email: "ada@example.com" },
      })
    }
    expect(error).toHaveBeenCalled()
    error.mockRestore()
  })

  it("keeps what was typed and says so when our own server gives no answer", async () => {
    const args = (serverAction: () => Promise<unknown>) =>
      ({
        request: new Request("http://store.test/find-my-order", {
          method: "POST",
          body: new URLSearchParams({ order_number: "HH-7K3M-9Q2X", email: "ada@example.com" }),
        }),
        serverAction,
        params: {},
      }) as unknown as ClientActionFunctionArgs
    await expect(lookupClientAction(args(() => Promise.reject(new TypeError("Failed to fetch"))))).resolves.toEqual({
      sent: null,
      fieldErrors: {},
      formError: "Network error. Please check your connection and try again.",
      values: { order_number: "HH-7K3M-9Q2X", email: "ada@example.com" },
    })
  })
})

describe("the Find my order page", () => {
  let cleanup: (() => void) | null = null
  afterEach(() => {
    cleanup?.()
    cleanup = null
    vi.unstubAllGlobals()
  })

  const renderPage = () =>
    renderRoutes(
      [{ id: "find-my-order", path: "/find-my-order", Component: findMyOrderPage.default, action: findMyOrderPage.action }],
      "/find-my-order"
    )

  it("has labelled, required fields, shows each field's error, then the one answer in a live region", async () => {
    const calls = backend(ACCEPTED)
    const page = await renderPage()
    cleanup = page.cleanup
    const { container } = page
    const number = container.querySelector<HTMLInputElement>("#field-order_number")!
    const email = container.querySelector<HTMLInputElement>("#field-email")!
    expect(container.querySelector('label[for="field-order_number"]')?.textContent).toContain("Order number")
    expect(container.querySelector('label[for="field-email"]')?.textContent).toContain("Email")
    expect([number.required, number.maxLength, email.required, email.type, email.maxLength]).toEqual([true, 40, true, "email", 254])
    expect(email.getAttribute("autocomplete")).toBe("email")
    const button = container.querySelector<HTMLButtonElement>('button[type="submit"]')!

    type(number, "HH-7K3M")
    await submit(button)
    expect(container.querySelector("#field-order_number-error")?.textContent).toBe(ORDER_NUMBER_FORMAT_MESSAGE)
    expect(number.getAttribute("aria-invalid")).toBe("true")
    expect(number.getAttribute("aria-describedby")).toContain("field-order_number-error")
    expect(container.querySelector("#field-email-error")?.textContent).toBe("Email is required")
    expect(calls).toHaveLength(0)

    type(number, "HH-7K3M-9Q2X")
    type(email, "ada@example.com")
    await submit(button)
    const live = container.querySelector('[aria-live="polite"]')
    expect(live?.querySelector('[data-testid="form-notice"]')?.textContent).toBe(ORDER_LOOKUP_ANSWER)
    expect(container.querySelector('[data-testid="form-error"]')).toBeNull()
    expect(calls).toHaveLength(1)
    expect(page.problems).toEqual([])
  })

  it("says it clearly when the backend is down", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {})
    backend(new TypeError("fetch failed"))
    const page = await renderPage()
    cleanup = () => {
      page.cleanup()
      error.mockRestore()
    }
    type(page.container.querySelector<HTMLInputElement>("#field-order_number")!, "HH-7K3M-9Q2X")
    type(page.container.querySelector<HTMLInputElement>("#field-email")!, "ada@example.com")
    await submit(page.container.querySelector<HTMLButtonElement>('button[type="submit"]')!)
    expect(page.container.querySelector('[data-testid="form-error"]')?.textContent).toBe(LOOKUP_UNAVAILABLE)
  })

  it("is linked from the footer of every page", async () => {
    const page = await renderRoutes([{ id: "root", path: "/", Component: () => <SiteFooter /> }], "/")
    cleanup = page.cleanup
    expect(page.container.querySelector('a[href="/find-my-order"]')?.textContent).toBe("Find My Order")
  })
})
