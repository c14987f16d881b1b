// @vitest-environment happy-dom
/**
 * The storefront's shared pieces that several pages describe as data: the one table (column
 * headers, row headers, alignment, spacing), the menus' pages (the footer's words, the header's
 * capitals), and the staff confirm dialog (its form posts the CSRF token, the item and the intent).
 */
import React from "react"
import { afterEach, describe, expect, it } from "vitest"

import { DataTable, type TableSpec } from "~/components/DataTable"
import { LinkList } from "~/components/LinkList"
import { FOOTER_QUICK_LINKS, FOOTER_USEFUL_LINKS, HEADER_FAQ, HEADER_HOME, HEADER_LINKS } from "~/lib/site-pages"
import { ConfirmDialog } from "~/modules/staff/ConfirmDialog"

import { renderRoutes } from "../support/remix-stub"

void React // the classic JSX transform of the unit project needs React in scope

let cleanup: (() => void) | null = null
afterEach(() => {
  cleanup?.()
  cleanup = null
})

/** One element under the staff layout (its loader gives the CSRF token). */
async function render(element: React.ReactElement) {
  const page = await renderRoutes(
    [
      {
        id: "routes/admin",
        path: "/admin",
        loader: () => ({ csrf: "csrf-token" }),
        children: [{ path: "page", Component: () => element }],
      },
    ],
    "/admin/page"
  )
  cleanup = page.cleanup
  expect(page.problems).toEqual([])
  return page.container
}

type License = { state: string; number: string }

const LICENSES: TableSpec<License> = {
  look: { table: "licenses", cell: "py-2", gap: "pr-4", headRow: "head", row: "line" },
  columns: [
    { header: "State", rowHeader: true, cell: (license) => license.state },
    { header: "Fee", align: "right", className: "font-semibold", cell: (license) => `$${license.number.length}` },
    { header: "License number", cell: (license) => license.number },
  ],
  rowKey: (license) => license.state,
  rowTestId: "license",
}

describe("the one table", () => {
  it("heads its columns, names each row by its row header, aligns amounts right and spaces all cells but the last", async () => {
    const container = await render(
      <DataTable {...LICENSES} rows={[{ state: "OH", number: "021-3344" }]} caption="State licenses" labelledBy="licenses-heading" />
    )
    const table = container.querySelector("table")!
    expect(table.className).toBe("licenses")
    expect(table.getAttribute("aria-labelledby")).toBe("licenses-heading")
    expect(table.querySelector("caption")?.textContent).toBe("State licenses")
    expect(table.querySelector("caption")?.className).toBe("sr-only")
    const headers = [...table.querySelectorAll("thead th")]
    expect(headers.map((th) => [th.textContent, th.getAttribute("scope"), th.className])).toEqual([
      ["State", "col", "py-2 pr-4"],
      ["Fee", "col", "py-2 pr-4 text-right"],
      ["License number", "col", "py-2"],
    ])
    const row = table.querySelector("tbody tr")!
    expect(row.getAttribute("data-testid")).toBe("license")
    expect(row.className).toBe("line")
    const rowHeader = row.querySelector("th")!
    expect([rowHeader.getAttribute("scope"), rowHeader.textContent]).toEqual(["row", "OH"])
    expect([...row.querySelectorAll("td")].map((td) => [td.textContent, td.className])).toEqual([
      ["$8", "py-2 pr-4 text-right font-semibold"],
      ["021-3344", "py-2"],
    ])
  })
})

describe("the menus' pages", () => {
  it("are named once: the footer as written, the header in capitals", () => {
    expect(FOOTER_QUICK_LINKS.map((link) => `${link.label} ${link.to}`)).toEqual([
      "Home /",
      "Shop /shop",
      "Buy Medication Now /buy-medication",
      "Apply for Prescription /apply-for-prescription",
      "Blog /blog",
    ])
    expect(FOOTER_USEFUL_LINKS.map((link) => link.to)).toEqual([
      "/about-us",
      "/find-my-order",
      "/privacypolicy",
      "/notice-of-privacy-practices",
      "/licenses",
      "/shippingpolicy",
      "/refundandreturn",
      "/faq",
    ])
    expect([HEADER_HOME, ...HEADER_LINKS, HEADER_FAQ].map((link) => link.label)).toEqual([
      "HOME",
      "BUY MEDICATION NOW",
      "APPLY FOR PRESCRIPTION",
      "ABOUT US",
      "BLOG",
      "FAQ",
    ])
  })

  it("render as a list of links, one entry's class replacing the list's", async () => {
    const container = await render(
      <LinkList
        links={[
          { to: "/", label: "HOME" },
          { to: "/shop?category=Insulin", label: "Insulin", className: "menu-link sub" },
        ]}
        linkClassName="menu-link"
      />
    )
    expect([...container.querySelectorAll("ul > li > a")].map((a) => [a.textContent, a.getAttribute("href"), a.className])).toEqual([
      ["HOME", "/", "menu-link"],
      ["Insulin", "/shop?category=Insulin", "menu-link sub"],
    ])
  })
})

describe("the staff confirm dialog", () => {
  it("asks, names the item, offers Cancel first, and posts the token, the item, its extra fields and the intent", async () => {
    const container = await render(
      <ConfirmDialog
        question="Are you sure you want to delete this product?"
        cancelTo="/admin/products"
        confirm={{ id: "prod_1", intent: "delete", label: "Delete", busy: false, fields: { returnTo: "/admin/products?page=2" } }}
        failure={{ message: "Failed to delete product", detail: "It is in an order." }}
      >
        <p>Product: Insulin pens</p>
      </ConfirmDialog>
    )
    const dialog = container.querySelector("dialog")!
    expect(dialog.querySelector("h2")?.textContent).toBe("Are you sure you want to delete this product?")
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy()
    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe("Failed to delete productIt is in an order.")
    const [cancel, button] = [...dialog.querySelectorAll("a, button")]
    expect([cancel.textContent, cancel.getAttribute("href")]).toEqual(["Cancel", "/admin/products"])
    expect([button.textContent, button.getAttribute("name"), button.getAttribute("value")]).toEqual(["Delete", "intent", "delete"])
    const form = button.closest("form")!
    expect(form.getAttribute("method")).toBe("post")
    expect(
      Object.fromEntries([...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [input.name, input.value]))
    ).toEqual({ csrf: "csrf-token", id: "prod_1", returnTo: "/admin/products?page=2" })
  })
})
