/**
 * The staff area's layout (/admin and /admin/*): the admin bar with Logout for
 * a signed-in staff member, and the anti-forgery token its forms carry.
 * Pages here are private and never stored by caches: `Cache-Control:
 * private, no-store` (child routes inherit these headers).
 */
import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node"
import { Form, isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "@remix-run/react"

import { LinkList, type MenuLink } from "~/components/LinkList"
import { CsrfField } from "~/modules/staff/CsrfField"
import { DashboardLink } from "~/modules/staff/DashboardLink"
import { commitAdminSession, ensureCsrfToken, getAdminSession, isSignedIn } from "~/modules/staff/session.server"

const PRIVATE = { "Cache-Control": "private, no-store" }
export const headers: HeadersFunction = () => PRIVATE

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getAdminSession(request)
  // Only this loader starts a session (for the login form's token); the pages' loaders only read it.
  const { token, created } = ensureCsrfToken(session)
  const signedIn = isSignedIn(session)
  const headers = new Headers(PRIVATE)
  if (created) headers.append("Set-Cookie", await commitAdminSession(request, session))
  return data({ csrf: token, signedIn, email: signedIn ? (session.get("email") ?? "") : null }, { headers })
}

const NAV: MenuLink[] = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/orders", label: "Order queues" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/categories", label: "Categories" },
  { to: "/admin/add-product", label: "Add Product" },
  { to: "/admin/order-details", label: "Orders" },
  { to: "/admin/prescriptions", label: "Prescriptions" },
  { to: "/admin/security", label: "Security" },
]

export default function AdminLayout() {
  const { signedIn, email } = useLoaderData<typeof loader>()
  return (
    <div className="min-h-full bg-slate-50">
      {signedIn ? (
        <div className="border-b border-slate-200 bg-white">
          <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
            <nav aria-label="Staff">
              <LinkList
                links={NAV}
                current
                className="flex flex-wrap gap-x-1 gap-y-1 text-sm font-semibold"
                linkClassName="block rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
              />
            </nav>
            <div className="flex items-center gap-3 text-sm">
              <span className="text-slate-600">
                Signed in as <strong className="text-slate-800">{email}</strong>
              </span>
              <Form method="post" action="/admin/logout">
                <CsrfField />
                <button
                  type="submit"
                  className="rounded-lg border border-slate-300 px-3 py-2 font-semibold text-slate-800 hover:bg-slate-100"
                >
                  Logout
                </button>
              </Form>
            </div>
          </div>
        </div>
      ) : null}
      <div className="container-page py-8 sm:py-10">
        <Outlet />
      </div>
    </div>
  )
}

/** Errors of staff pages: a stale or foreign form (403), the backend down (503), anything else. */
export function ErrorBoundary() {
  const error = useRouteError()
  let title = "Something went wrong"
  let message = "An unexpected error occurred. Please try again."
  if (isRouteErrorResponse(error) && error.status === 403) {
    title = "This form has expired"
    message = typeof error.data === "string" && error.data ? error.data : "Please reload the page and try again."
  } else if (isRouteErrorResponse(error) && error.status === 404) {
    title = "Not found"
    message = "This page or record does not exist."
  } else if (isRouteErrorResponse(error) && error.status === 503) {
    title = "We can't reach the store backend"
    message = "The staff tools are temporarily unavailable. Please try again in a few minutes."
  }
  return (
    <div className="container-page py-12">
      <section role="alert" className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-white p-6">
        <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
        <p className="mt-2 text-slate-700">{message}</p>
        <DashboardLink className="mt-4" />
      </section>
    </div>
  )
}
