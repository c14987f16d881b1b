// @vitest-environment happy-dom
import { FetchError } from "@medusajs/js-sdk"
import React from "react"
import { afterEach, describe, expect, it, vi } from "vitest"

import { runOrderAction } from "~/routes/admin.order-details/order-actions.server"
import { type OrderShipmentRow, OrderShipping } from "~/routes/admin.order-details/OrderShipping"

import { tableText, unmountAfterEach } from "../support/remix-stub"
import { ORDER, ORDER_PAGE, orderForm, orderView, renderOnOrderPage, staffMember } from "../support/staff-order-page"

void React // the classic JSX transform of the unit project needs React in scope

const shipment: OrderShipmentRow = {
  key: "0",
  carrier: "UPS",
  tracking_number: "1Z999AA10123456784",
  tracking_url: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  shipped_at: "2026-11-25T17:42:05.000Z",
  delivered_at: null,
  shipped_label: "Nov 25, 2026, 12:42 PM ET",
  delivered_label: null,
}

describe("the staff order page's shipping (issue 24)", () => {
  const unmountAfterTest = unmountAfterEach()

  it("offers Ship with a labelled carrier choice and tracking number, CSRF token included, on an order that may ship", async () => {
    const page = await renderOnOrderPage(
      <OrderShipping orderId={ORDER} shipments={[]} mayShip mayMarkDelivered={false} busy={false} ship={null} deliverError={null} />
    )
    unmountAfterTest(page)
    const { container } = page
    const carrier = container.querySelector<HTMLSelectElement>("#ship-carrier")!
    expect(carrier.name).toBe("carrier")
    expect(container.querySelector('label[for="ship-carrier"]')?.textContent).toContain("Carrier")
    expect([...carrier.options].map((option) => [option.value, option.textContent])).toEqual([
      ["", "Choose a carrier"],
      ["usps", "USPS"],
      ["ups", "UPS"],
      ["fedex", "FedEx"],
      ["dhl", "DHL"],
      ["other", "Other carrier"],
    ])
    const tracking = container.querySelector<HTMLInputElement>("#ship-tracking-number")!
    expect(tracking.name).toBe("tracking_number")
    expect(container.querySelector('label[for="ship-tracking-number"]')?.textContent).toContain("Tracking number")
    const button = [...container.querySelectorAll("button")].find((b) => b.textContent === "Ship order")!
    expect([button.name, button.value]).toEqual(["intent", "ship"])
    const form = button.closest("form")!
    expect(form.querySelector<HTMLInputElement>('input[name="csrf"]')?.value).toBe("csrf-token")
    expect(form.querySelector<HTMLInputElement>('input[name="id"]')?.value).toBe(ORDER)
    expect([...container.querySelectorAll("button")].some((b) => b.textContent === "Mark delivered")).toBe(false)
    expect(page.problems).toEqual([])
  })

  it("shows what was typed and the field's error, tied to the field", async () => {
    const ship = {
      carrier: "dhl",
      trackingNumber: "12345",
      errors: { tracking_number: "Enter a valid DHL tracking number (10 digits)" },
      formError: null,
    }
    const page = await renderOnOrderPage(
      <OrderShipping orderId={ORDER} shipments={[]} mayShip mayMarkDelivered={false} busy={false} ship={ship} deliverError={null} />
    )
    unmountAfterTest(page)
    const tracking = page.container.querySelector<HTMLInputElement>("#ship-tracking-number")!
    expect(tracking.value).toBe("12345")
    expect(tracking.getAttribute("aria-invalid")).toBe("true")
    expect(tracking.getAttribute("aria-describedby")).toContain("ship-tracking-number-error")
    expect(page.container.querySelector("#ship-tracking-number-error")?.textContent).toBe("Enter a valid DHL tracking number (10 digits)")
    expect(page.container.querySelector<HTMLSelectElement>("#ship-carrier")?.value).toBe("dhl")
  })

  it("lists the shipments with their tracking links, and offers Mark delivered; no Ship once nothing is left to ship", async () => {
    const page = await renderOnOrderPage(
      <OrderShipping orderId={ORDER} shipments={[shipment]} mayShip={false} mayMarkDelivered busy={false} ship={null} deliverError={null} />
    )
    unmountAfterTest(page)
    const { container } = page
    expect(tableText(container, "order-shipment").rows).toEqual([
      ["UPS", "1Z999AA10123456784 (track the package on the carrier's site, opens in a new tab)", "Nov 25, 2026, 12:42 PM ET", "—"],
    ])
    expect(container.querySelector('[data-testid="order-shipment"] a')?.getAttribute("href")).toBe(shipment.tracking_url)
    const deliver = [...container.querySelectorAll("button")].find((b) => b.textContent === "Mark delivered")!
    expect([deliver.name, deliver.value]).toEqual(["intent", "deliver"])
    expect(deliver.closest("form")?.querySelector<HTMLInputElement>('input[name="csrf"]')?.value).toBe("csrf-token")
    expect(container.querySelector("#ship-carrier")).toBeNull()
  })

  it("shows nothing for an order with no shipment that may not ship", async () => {
    const page = await renderOnOrderPage(
      <OrderShipping orderId={ORDER} shipments={[]} mayShip={false} mayMarkDelivered={false} busy={false} ship={null} deliverError={null} />
    )
    unmountAfterTest(page)
    expect(page.container.querySelector('[data-testid="order-shipping"]')).toBeNull()
  })
})

describe("the staff order page's ship and deliver actions (issue 24)", () => {
  afterEach(() => vi.restoreAllMocks())

  it("checks the tracking number as the backend does before calling it, then ships", async () => {
    const { admin, calls } = staffMember(() => orderView)
    expect(await runOrderAction(admin, orderForm({ intent: "ship", carrier: "dhl", tracking_number: "12345" }))).toEqual({
      intent: "ship",
      carrier: "dhl",
      trackingNumber: "12345",
      errors: { tracking_number: "Enter a valid DHL tracking number (10 digits)" },
      formError: null,
    })
    expect(await runOrderAction(admin, orderForm({ intent: "ship", carrier: "", tracking_number: "" }))).toMatchObject({
      errors: { carrier: "Choose the carrier: USPS, UPS, FedEx, DHL or other", tracking_number: "Tracking number is required" },
    })
    expect(calls).toEqual([])

    expect(await runOrderAction(admin, orderForm({ intent: "ship", carrier: "ups", tracking_number: "1z999aa1 0123456784" }))).toEqual({
      redirect: ORDER_PAGE,
      notice: "Order shipped (UPS, tracking number 1Z999AA10123456784): the customer was emailed the tracking.",
    })
    expect(calls).toEqual([
      { path: `/api/orders/${ORDER}/ship/`, init: { method: "POST", body: { carrier: "ups", tracking_number: "1Z999AA10123456784" } } },
    ])
  })

  it("shows the backend's refusals: a 400 on the tracking number, a 409 (not paid, shipped already) on the form", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const refusedNumber = staffMember(() => new FetchError("Enter a valid DHL tracking number (10 digits)", "Bad Request", 400))
    expect(
      await runOrderAction(refusedNumber.admin, orderForm({ intent: "ship", carrier: "dhl", tracking_number: "1234567890" }))
    ).toMatchObject({
      errors: { tracking_number: "Enter a valid DHL tracking number (10 digits)" },
      formError: null,
    })
    const notPaid =
      "This order is not paid yet; it cannot be fulfilled until its payment is captured (mark it as paid once the payment arrives)."
    const conflict = staffMember(() => new FetchError(notPaid, "Conflict", 409))
    expect(await runOrderAction(conflict.admin, orderForm({ intent: "ship", carrier: "dhl", tracking_number: "1234567890" }))).toEqual({
      intent: "ship",
      carrier: "dhl",
      trackingNumber: "1234567890",
      errors: {},
      formError: { message: "The order was not shipped", detail: notPaid },
    })
  })

  it("marks delivered, or says why not", async () => {
    const { admin, calls } = staffMember(() => orderView)
    expect(await runOrderAction(admin, orderForm({ intent: "deliver" }))).toEqual({
      redirect: ORDER_PAGE,
      notice: "Marked delivered: the customer was emailed.",
    })
    expect(calls).toEqual([{ path: `/api/orders/${ORDER}/deliver/`, init: { method: "POST" } }])

    vi.spyOn(console, "error").mockImplementation(() => {})
    const nothing = "Nothing has shipped on this order yet; ship it before marking it delivered."
    const refused = staffMember(() => new FetchError(nothing, "Conflict", 409))
    expect(await runOrderAction(refused.admin, orderForm({ intent: "deliver" }))).toEqual({
      intent: "deliver",
      formError: { message: "The order was not marked delivered", detail: nothing },
    })
  })
})
