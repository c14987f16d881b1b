// @vitest-environment happy-dom
import { data } from "@remix-run/node"
import { ORDER_STATUS_NOT_FOUND_MESSAGE } from "@shared/dto/order-status"
import React from "react"
import { describe, expect, it } from "vitest"

import { CONFIRMATION_NOTE } from "~/modules/checkout/checkout"
import * as confirmationPage from "~/routes/order-confirmation/route"
import * as statusPage from "~/routes/order-status.$token/route"

import { statusView, TOKEN } from "../support/order-status-fixtures"
import { renderRoutes, type StubRoutes, unmountAfterEach } from "../support/remix-stub"

void React // the classic JSX transform of the unit project needs React in scope

const ROUTE = "/order-status/:token"

function renderStatus(loader: NonNullable<StubRoutes[number]["loader"]>) {
  return renderRoutes(
    [{ id: "order-status", path: ROUTE, Component: statusPage.default, ErrorBoundary: statusPage.ErrorBoundary, loader }],
    `/order-status/${TOKEN}`
  )
}

const byTestId = (container: HTMLElement, id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`)

describe("the order status page (issue 23)", () => {
  const unmountAfterTest = unmountAfterEach()

  it("awaiting payment: number, date, status, the how-to-pay block, an ordered timeline, items and totals", async () => {
    const view = statusView()
    const page = await renderStatus(() => ({ order: view }))
    unmountAfterTest(page)
    const { container } = page
    expect(byTestId(container, "order-number")?.textContent).toBe("HH-7K3M-9Q2X")
    expect(byTestId(container, "order-placed")?.textContent).toBe("November 25, 2026")
    expect(byTestId(container, "order-status-text")?.textContent).toBe("Awaiting payment")
    expect(byTestId(container, "payment-block")).not.toBeNull()
    expect(byTestId(container, "payment-pay-to")?.textContent).toBe("payments@example.com")
    expect(byTestId(container, "payment-amount")?.textContent).toBe("$59.97")
    expect(byTestId(container, "payment-memo")?.textContent).toBe("Order HH-7K3M-9Q2X")
    expect(byTestId(container, "payment-pay-by")?.textContent).toBe(view.payment?.pay_by_text)
    expect(byTestId(container, "payment-next-steps")?.textContent).toContain("We ship your order as soon as your payment has arrived.")

    const timeline = byTestId(container, "status-timeline")
    expect(timeline?.tagName).toBe("OL")
    const steps = [...(timeline?.querySelectorAll("li") ?? [])].map((li) => li.textContent)
    expect(steps).toEqual(["Order placedDone on November 25, 2026", "Payment receivedNot yet", "ShippedNot yet", "DeliveredNot yet"])
    expect(timeline?.querySelector('[aria-current="step"]')?.textContent).toContain("Order placed")

    expect(container.querySelectorAll('[data-testid="order-item"]')).toHaveLength(1)
    expect(byTestId(container, "order-item")?.textContent).toContain("Pen Needles4 mm 32G2$24.99$49.98")
    expect(byTestId(container, "order-total")?.textContent).toBe("$59.97")
    expect(byTestId(container, "order-shipping")?.textContent).toBe("$9.99")
    expect(byTestId(container, "shipment")).toBeNull()
    expect(byTestId(container, "prescription-review")).toBeNull()
    expect(page.problems).toEqual([])
  })

  it("needs information: the review in plain words and the pharmacist's message; no payment block once paid", async () => {
    const view = statusView({
      status_text: "Awaiting prescription review",
      payment: null,
      prescription_review: {
        state: "needs_information",
        text: "A pharmacist needs more information from you before approving the prescription items of your order.",
        message: "Please send a photo of your current prescription label.\nThank you!",
        accepts_documents: false,
        documents: [],
      },
    })
    const page = await renderStatus(() => ({ order: view }))
    unmountAfterTest(page)
    const { container } = page
    expect(byTestId(container, "payment-block")).toBeNull()
    expect(byTestId(container, "prescription-review-text")?.textContent).toBe(view.prescription_review?.text)
    expect(byTestId(container, "pharmacist-message")?.textContent).toBe(
      "Please send a photo of your current prescription label.\nThank you!"
    )
    expect(page.problems).toEqual([])
  })

  it("a review awaiting the prescription: the documents sent by name and date, and a labelled file field with its hint (issue 24)", async () => {
    const page = await renderStatus(() => ({
      order: statusView({
        prescription_review: {
          state: "needs_information",
          text: "A pharmacist needs more information from you.",
          message: "Please send your prescription.",
          accepts_documents: true,
          documents: [{ file_name: "scan.pdf", uploaded_at: "2026-11-25T10:00:00.000Z" }],
        },
      }),
    }))
    unmountAfterTest(page)
    const { container } = page
    expect(byTestId(container, "uploaded-documents")?.textContent).toBe("scan.pdf, sent on November 25, 2026")
    const form = byTestId(container, "upload-form") as HTMLFormElement
    expect(form.getAttribute("method")).toBe("post")
    expect(form.getAttribute("enctype")).toBe("multipart/form-data")
    const input = container.querySelector<HTMLInputElement>('input[type="file"][name="document"]')!
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Send a prescription (a photo or a scan)")
    expect(container.querySelector(`#${input.getAttribute("aria-describedby")}`)?.textContent).toBe("PDF, JPEG, PNG or HEIC, at most 10 MB")
    expect(page.problems).toEqual([])
  })

  it("an approved review lists the documents sent, without the form", async () => {
    const page = await renderStatus(() => ({
      order: statusView({
        prescription_review: {
          state: "approved",
          text: "A pharmacist has approved the prescription items of your order.",
          message: null,
          accepts_documents: false,
          documents: [{ file_name: "photo.png", uploaded_at: "2026-11-25T10:00:00.000Z" }],
        },
      }),
    }))
    unmountAfterTest(page)
    expect(byTestId(page.container, "uploaded-documents")?.textContent).toContain("photo.png")
    expect(byTestId(page.container, "upload-form")).toBeNull()
  })

  it("a pending review shows its words, never a message", async () => {
    const page = await renderStatus(() => ({
      order: statusView({
        prescription_review: {
          state: "pending",
          text: "A pharmacist is reviewing.",
          message: "stale",
          accepts_documents: false,
          documents: [],
        },
      }),
    }))
    unmountAfterTest(page)
    expect(byTestId(page.container, "prescription-review-text")?.textContent).toBe("A pharmacist is reviewing.")
    expect(byTestId(page.container, "pharmacist-message")).toBeNull()
  })

  it("shipped: each shipment with its carrier, tracking number and an external tracking link", async () => {
    const view = statusView({
      status_text: "Shipped",
      payment: null,
      timeline: [
        { kind: "placed", label: "Order placed", done: true, done_at: "2026-11-25T17:42:04.000Z" },
        { kind: "paid", label: "Payment received", done: true, done_at: "2026-11-26T15:00:00.000Z" },
        { kind: "shipped", label: "Shipped", done: true, done_at: "2026-11-27T15:00:00.000Z" },
        { kind: "delivered", label: "Delivered", done: false, done_at: null },
      ],
      shipments: [
        {
          carrier: "USPS",
          tracking_number: "9400111899223856789012",
          tracking_url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856789012",
          shipped_at: "2026-11-27T15:00:00.000Z",
          delivered_at: null,
        },
        { carrier: "UPS", tracking_number: "1Z999", tracking_url: "javascript:alert(1)", shipped_at: null, delivered_at: null },
      ],
    })
    const page = await renderStatus(() => ({ order: view }))
    unmountAfterTest(page)
    const shipments = page.container.querySelectorAll<HTMLElement>('[data-testid="shipment"]')
    expect(shipments).toHaveLength(2)
    expect(byTestId(shipments[0], "shipment-carrier")?.textContent).toBe("USPS")
    expect(byTestId(shipments[0], "tracking-number")?.textContent).toBe("9400111899223856789012")
    const link = shipments[0].querySelector("a")
    expect(link?.getAttribute("href")).toBe(view.shipments[0].tracking_url)
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer")
    expect(link?.getAttribute("target")).toBe("_blank")
    expect(link?.textContent).toContain("Track this package with USPS")
    expect(shipments[0].textContent).toContain("ShippedNovember 27, 2026")
    // Only http(s) links are ever made.
    expect(shipments[1].querySelector("a")).toBeNull()
    expect(byTestId(page.container, "status-timeline")?.querySelector('[aria-current="step"]')?.textContent).toContain("Shipped")
  })

  it("canceled: the reason in words and the steps it reached", async () => {
    const view = statusView({
      status_text: "Canceled",
      payment: null,
      canceled: {
        reason: "unpaid",
        text: "The order was canceled because its payment did not arrive in time. No payment was taken.",
        at: null,
      },
      timeline: [
        { kind: "placed", label: "Order placed", done: true, done_at: "2026-11-25T17:42:04.000Z" },
        { kind: "canceled", label: "Canceled", done: true, done_at: "2026-11-28T18:00:00.000Z" },
      ],
    })
    const page = await renderStatus(() => ({ order: view }))
    unmountAfterTest(page)
    expect(byTestId(page.container, "order-canceled")?.textContent).toContain(view.canceled?.text)
    expect(byTestId(page.container, "payment-block")).toBeNull()
    const steps = page.container.querySelectorAll('[data-testid="status-step"]')
    expect([...steps].map((step) => step.getAttribute("data-step"))).toEqual(["placed", "canceled"])
  })

  it("a link that opens nothing: says so, names no order, and leads to Find my order", async () => {
    const page = await renderStatus(() => {
      throw data({ problem: "not_found" }, { status: 404 })
    })
    unmountAfterTest(page)
    const problem = byTestId(page.container, "order-status-problem")
    expect(problem?.querySelector("h1")?.textContent).toBe("This link is not valid or has expired")
    expect(problem?.textContent).toContain(ORDER_STATUS_NOT_FOUND_MESSAGE)
    expect(byTestId(page.container, "find-my-order-link")?.getAttribute("href")).toBe("/find-my-order")
    expect(page.container.textContent).not.toMatch(/HH-|order_01/)
  })

  it("too many reads: asks to wait, in minutes", async () => {
    const page = await renderStatus(() => {
      throw data({ problem: "too_many", retryAfter: 90 }, { status: 429 })
    })
    unmountAfterTest(page)
    expect(byTestId(page.container, "order-status-problem")?.textContent).toContain("Too many tries. Please wait 2 minutes and try again.")
  })
})

describe("the order confirmation page with how to pay (issue 23)", () => {
  const unmountAfterTest = unmountAfterEach()

  const order = {
    id: "HH-7K3M-9Q2X",
    email: "ada@example.com",
    total: 59.97,
    shippingAddress: "12 Harbor Street, Boston, Massachusetts 02110, United States",
    paymentMethod: "Zelle",
    placedAt: Date.now(),
  }

  const renderConfirmation = (loaded: { status: ReturnType<typeof statusView> | null; statusPath: string | null }) =>
    renderRoutes(
      [
        {
          id: "order-confirmation",
          path: "/order-confirmation",
          Component: confirmationPage.default,
          loader: () => ({ order, ...loaded }),
        },
      ],
      "/order-confirmation"
    )

  it("keeps the spec's sentence, then how to pay and the links to the status page and to Find my order", async () => {
    const view = statusView()
    const page = await renderConfirmation({ status: view, statusPath: `/order-status/${TOKEN}` })
    unmountAfterTest(page)
    const { container } = page
    expect(byTestId(container, "confirmation-note")?.textContent).toBe(CONFIRMATION_NOTE)
    expect(byTestId(container, "order-id")?.textContent).toBe("HH-7K3M-9Q2X")
    expect(byTestId(container, "order-status")?.textContent).toBe("Awaiting payment")
    // The block follows the sentence.
    const note = byTestId(container, "confirmation-note")
    const block = byTestId(container, "payment-block")
    expect(note && block && note.compareDocumentPosition(block) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(byTestId(container, "payment-method")?.textContent).toBe("Zelle")
    expect(byTestId(container, "payment-pay-to")?.textContent).toBe("payments@example.com")
    expect(byTestId(container, "payment-amount")?.textContent).toBe("$59.97")
    expect(byTestId(container, "payment-memo")?.textContent).toBe("Order HH-7K3M-9Q2X")
    expect(byTestId(container, "payment-pay-by")?.textContent).toBe(view.payment?.pay_by_text)
    expect(byTestId(container, "order-status-link")?.getAttribute("href")).toBe(`/order-status/${TOKEN}`)
    expect(byTestId(container, "find-my-order-link")?.getAttribute("href")).toBe("/find-my-order")
    expect(page.problems).toEqual([])
  })

  it("without the order's status (no token, backend down) shows what it always did, and Find my order", async () => {
    const page = await renderConfirmation({ status: null, statusPath: null })
    unmountAfterTest(page)
    const { container } = page
    expect(byTestId(container, "confirmation-note")?.textContent).toBe(CONFIRMATION_NOTE)
    expect(byTestId(container, "order-total")?.textContent).toBe("$59.97")
    expect(byTestId(container, "payment-block")).toBeNull()
    expect(byTestId(container, "order-status-link")).toBeNull()
    expect(byTestId(container, "find-my-order-link")?.getAttribute("href")).toBe("/find-my-order")
  })

  it("once paid, no payment block", async () => {
    const page = await renderConfirmation({
      status: statusView({ status_text: "Paid, preparing to ship", payment: null }),
      statusPath: `/order-status/${TOKEN}`,
    })
    unmountAfterTest(page)
    expect(byTestId(page.container, "payment-block")).toBeNull()
    expect(byTestId(page.container, "order-status")?.textContent).toBe("Paid, preparing to ship")
  })
})
