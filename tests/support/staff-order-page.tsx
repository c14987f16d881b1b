/**
 * The staff order page (storefront `/admin/order-details`) in unit tests: its parts rendered under
 * the staff layout, and its actions run for a staff member whose backend calls are recorded.
 */
import type { StaffOrderView } from "@shared/dto/orders"
import React from "react"
import { vi } from "vitest"

import type { Admin } from "~/lib/data/staff/client.server"

import { renderRoutes, type StubRoutes } from "./remix-stub"

void React // the classic JSX transform of the unit project needs React in scope

export const ORDER = "HH-7K3M-9Q2X"
export const ORDER_PAGE = `/admin/order-details?id=${ORDER}`

/** The staff layout (its loader gives the CSRF token) around these pages, at `url`. */
export const renderInStaffArea = (children: StubRoutes, url: string) =>
  renderRoutes([{ id: "routes/admin", path: "/admin", loader: () => ({ csrf: "csrf-token" }), children }], url)

/** One part of the order page, rendered on the order page under the staff layout. */
export const renderOnOrderPage = (element: React.ReactElement) =>
  renderInStaffArea([{ id: "order-details", path: "order-details", Component: () => element }], ORDER_PAGE)

/** A signed-in staff member whose backend calls are recorded and answered by `answer`. */
export function staffMember(answer: (path: string) => unknown) {
  const calls: { path: string; init: unknown }[] = []
  const call = vi.fn(async (path: string, init?: unknown) => {
    calls.push({ path, init })
    const result = answer(path)
    if (result instanceof Error) throw result
    return result
  })
  const admin: Pick<Admin, "call"> = { call: call as Admin["call"] }
  return { admin: admin as Admin, calls }
}

/** The order as the staff /api answers it, as far as the actions read it. */
export const orderView = { unique_order_id: ORDER, email: "ada@example.com" } as StaffOrderView

/** The order page's form as a browser posts it: the order's id and these fields. */
export const orderForm = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries({ id: ORDER, ...fields })) data.set(name, value)
  return data
}
