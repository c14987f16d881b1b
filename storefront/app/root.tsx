import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react"
import { STORE } from "@shared/store-constants"
import type { ReactNode } from "react"

import { NavigationProgress } from "~/components/NavigationProgress"
import { Notices } from "~/components/Notices"
import { SiteFooter } from "~/components/SiteFooter"
import { SiteHeader } from "~/components/SiteHeader"
import { config } from "~/lib/config.server"
import { useNonce } from "~/lib/nonce"
import { siteOrigin } from "~/modules/seo/origin.server"
import stylesheet from "~/styles/tailwind.css?url"

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
]

export const meta: MetaFunction = () => [
  { title: STORE.name },
  {
    name: "description",
    content: "Licensed online pharmacy for medical weight loss, insulin and diabetes supplies.",
  },
]

/** The contact details, and the public origin the pages' canonical links use (decision 0055). */
export async function loader({ request }: LoaderFunctionArgs) {
  return { contact: config.contact, origin: siteOrigin(request) }
}

/**
 * The root's data is configuration that no form changes: a submission (a form
 * post, a cart refresh) does not reload it. This also keeps a page whose
 * request just failed offline on screen, instead of the error page a failed
 * reload would bring.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root")
  // The Content-Security-Policy nonce of this response (server only; decision 0040).
  const nonce = useNonce()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d6b5d" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <NavigationProgress />
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter contact={data?.contact} />
        <Notices />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <ErrorPage
        title="We can't reach the store right now"
        message="Our pharmacy system is temporarily unavailable. Please try again in a few minutes."
      />
    )
  }
  return <ErrorPage title="Something went wrong" message="An unexpected error occurred. Please try again later or contact support." />
}

export function NotFoundPage() {
  return (
    <section className="error-page">
      <p className="error-code">404</p>
      <h1>Page not found</h1>
      <p>The page you are looking for doesn&apos;t exist or has moved.</p>
      <div>
        <Link to="/" className="btn-primary">
          Go home
        </Link>
        <Link to="/shop" className="btn-secondary">
          Browse products
        </Link>
      </div>
    </section>
  )
}

function ErrorPage({ title, message }: { title: string; message: string }) {
  return (
    <section className="error-page" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      <div>
        <a href="." className="btn-primary">
          Try again
        </a>
      </div>
    </section>
  )
}
