// @vitest-environment happy-dom
import { FetchError } from "@medusajs/js-sdk"
import { PATIENT_MESSAGE_REQUIRED, REJECTION_NOTE_REQUIRED } from "@shared/schemas/prescription-review"
import React from "react"
import { afterEach, describe, expect, it, vi } from "vitest"

import { ReviewForm } from "~/modules/staff/ReviewForm"
import { runOrderAction } from "~/routes/admin.order-details/order-actions.server"
import { type OrderEmailRow, OrderEmails } from "~/routes/admin.order-details/OrderEmails"

import { tableText, unmountAfterEach } from "../support/remix-stub"
import { ORDER, orderForm, orderView, renderOnOrderPage, staffMember } from "../support/staff-order-page"

void React // the classic JSX transform of the unit project needs React in scope

const emails: OrderEmailRow[] = [
  {
    key: "0",
    kind: "order-confirmation",
    label: "Order confirmation",
    status: "sent",
    tries: 1,
    first_try_at: "2026-11-25T17:42:05.000Z",
    last_try_at: "2026-11-25T17:42:05.000Z",
    first_try_label: "Nov 25, 2026, 12:42 PM ET",
    last_try_label: "Nov 25, 2026, 12:42 PM ET",
  },
  {
    key: "1",
    kind: "order-status-link",
    label: "Order status link",
    status: "retrying",
    tries: 3,
    first_try_at: "2026-11-26T10:00:00.000Z",
    last_try_at: "2026-11-26T11:00:00.000Z",
    first_try_label: "Nov 26, 2026, 5:00 AM ET",
    last_try_label: "Nov 26, 2026, 6:00 AM ET",
  },
  {
    key: "2",
    kind: "payment-received",
    label: "Payment received",
    status: "failed",
    tries: 9,
    first_try_at: "2026-11-27T10:00:00.000Z",
    last_try_at: "2026-11-28T10:00:00.000Z",
    first_try_label: "Nov 27, 2026, 5:00 AM ET",
    last_try_label: "Nov 28, 2026, 5:00 AM ET",
  },
]

describe("the staff order page's emails (issue 23)", () => {
  const unmountAfterTest = unmountAfterEach()

  it("lists each email with its kind, status in words, tries and times", async () => {
    const page = await renderOnOrderPage(
      <OrderEmails orderId={ORDER} email="ada@example.com" emails={emails} confirmRevoke={false} busy={false} formError={null} />
    )
    unmountAfterTest(page)
    const section = page.container.querySelector('[data-testid="order-emails"]')!
    expect(section.querySelector("h3")?.textContent).toBe("Emails")
    const { caption, headers, rows } = tableText(section, "order-email")
    expect(caption).toBe("Emails sent to the customer about this order, oldest first")
    expect(headers).toEqual(["Email", "Status", "Tries", "First try", "Last try"])
    expect(rows).toEqual([
      ["Order confirmation", "Sent", "1", "Nov 25, 2026, 12:42 PM ET", "Nov 25, 2026, 12:42 PM ET"],
      ["Order status link", "Not sent yet, retrying", "3", "Nov 26, 2026, 5:00 AM ET", "Nov 26, 2026, 6:00 AM ET"],
      ["Payment received", "Failed, gave up", "9", "Nov 27, 2026, 5:00 AM ET", "Nov 28, 2026, 5:00 AM ET"],
    ])
    expect(page.problems).toEqual([])
  })

  it("emails a new link with one click (CSRF token included), and revokes the old links only after a confirmation", async () => {
    const page = await renderOnOrderPage(
      <OrderEmails orderId={ORDER} email="ada@example.com" emails={[]} confirmRevoke={false} busy={false} formError={null} />
    )
    unmountAfterTest(page)
    const { container } = page
    expect(container.textContent).toContain("No email was sent to the customer about this order yet.")
    const send = [...container.querySelectorAll("button")].find((button) => button.textContent === "Email a new status link")!
    expect([send.name, send.value]).toEqual(["intent", "status-link"])
    const form = send.closest("form")!
    expect(form.method).toBe("post")
    expect(form.querySelector<HTMLInputElement>('input[name="csrf"]')?.value).toBe("csrf-token")
    expect(form.querySelector<HTMLInputElement>('input[name="id"]')?.value).toBe(ORDER)
    const revoke = [...container.querySelectorAll("a")].find((link) => link.textContent === "Revoke old links and email a new one")
    expect(revoke?.getAttribute("href")).toBe(`/admin/order-details?id=${ORDER}&confirm=revoke-links`)
    expect(container.querySelector("dialog")).toBeNull()
  })

  it("asks before revoking, in the shared confirmation dialog", async () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true
    }
    const page = await renderOnOrderPage(
      <OrderEmails orderId={ORDER} email="ada@example.com" emails={emails} confirmRevoke busy={false} formError={null} />
    )
    unmountAfterTest(page)
    const dialog = page.container.querySelector("dialog")!
    expect(dialog.querySelector("h2")?.textContent).toBe("Revoke every status link of this order?")
    expect(dialog.textContent).toContain("ada@example.com")
    const confirm = dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!
    expect([confirm.name, confirm.value, confirm.textContent]).toEqual(["intent", "status-link-revoke", "Revoke and email a new link"])
    expect(confirm.closest("form")?.querySelector<HTMLInputElement>('input[name="csrf"]')?.value).toBe("csrf-token")
    expect([...dialog.querySelectorAll("a")].map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Cancel", `/admin/order-details?id=${ORDER}`],
    ])
  })

  it("offers a pharmacist the third choice on an order's review: ask the patient, with the message they will read", async () => {
    const page = await renderOnOrderPage(
      <ReviewForm
        idPrefix="order-review"
        legend="Prescription review"
        submitting={false}
        askForInformation={{ label: "Ask the patient for information", message: "", error: PATIENT_MESSAGE_REQUIRED }}
      />
    )
    unmountAfterTest(page)
    const { container } = page
    expect([...container.querySelectorAll('button[name="decision"]')].map((button) => (button as HTMLButtonElement).value)).toEqual([
      "approved",
      "needs_information",
      "rejected",
    ])
    const message = container.querySelector<HTMLTextAreaElement>("#order-review-message")!
    expect(message.name).toBe("message")
    expect(container.querySelector('label[for="order-review-message"]')?.textContent).toContain("Message to the patient")
    expect(message.getAttribute("aria-invalid")).toBe("true")
    expect(container.querySelector("#order-review-message-error")?.textContent).toBe(PATIENT_MESSAGE_REQUIRED)
    expect(container.querySelector("#order-review-note-hint")?.textContent).toContain("never shown to the patient")
  })

  it("a request's review keeps its two choices", async () => {
    const page = await renderOnOrderPage(<ReviewForm idPrefix="request-review" legend="Review" submitting={false} />)
    unmountAfterTest(page)
    expect(page.container.querySelectorAll('button[name="decision"]')).toHaveLength(2)
    expect(page.container.querySelector('textarea[name="message"]')).toBeNull()
  })
})

describe("the staff order page's actions (issue 23)", () => {
  afterEach(() => vi.restoreAllMocks())

  it("emails a new status link through the staff route, or revokes the old ones first", async () => {
    const { admin, calls } = staffMember(() => orderView)
    expect(await runOrderAction(admin, orderForm({ intent: "status-link" }))).toEqual({
      redirect: `/admin/order-details?id=${ORDER}`,
      notice: "A new status link was emailed to ada@example.com.",
    })
    expect(await runOrderAction(admin, orderForm({ intent: "status-link-revoke" }))).toEqual({
      redirect: `/admin/order-details?id=${ORDER}`,
      notice: "Old status links revoked: a new one was emailed to ada@example.com.",
    })
    expect(calls).toEqual([
      { path: `/api/orders/${ORDER}/status-link/`, init: { method: "POST", body: { revoke: false } } },
      { path: `/api/orders/${ORDER}/status-link/`, init: { method: "POST", body: { revoke: true } } },
    ])
  })

  it("says so when the link was not sent", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const { admin } = staffMember(() => new FetchError("The email could not be queued", "Service Unavailable", 503))
    expect(await runOrderAction(admin, orderForm({ intent: "status-link" }))).toEqual({
      intent: "status-link",
      formError: { message: "The status link was not sent", detail: "The email could not be queued" },
    })
  })

  it("validates the review with the order review schema: a message to ask, a note to reject", async () => {
    const { admin, calls } = staffMember(() => orderView)
    expect(await runOrderAction(admin, orderForm({ decision: "needs_information", note: "check", message: "  " }))).toEqual({
      intent: "review",
      note: "check",
      message: "  ",
      error: null,
      messageError: PATIENT_MESSAGE_REQUIRED,
      formError: null,
    })
    expect(await runOrderAction(admin, orderForm({ decision: "rejected", note: "" }))).toMatchObject({ error: REJECTION_NOTE_REQUIRED })
    expect(await runOrderAction(admin, orderForm({ decision: "maybe" }))).toMatchObject({
      formError: { message: "Decision must be approved, needs_information or rejected" },
    })
    expect(calls).toHaveLength(0)

    expect(
      await runOrderAction(admin, orderForm({ decision: "needs_information", note: "", message: "Please send your prescription label." }))
    ).toEqual({
      redirect: `/admin/order-details?id=${ORDER}`,
      notice: "Information requested: the patient was emailed your message; the order stays held.",
    })
    expect(calls).toEqual([
      {
        path: `/api/orders/${ORDER}/prescription-review/`,
        init: { method: "POST", body: { decision: "needs_information", note: "", message: "Please send your prescription label." } },
      },
    ])
  })
})
