import type { HeadersFunction, MetaFunction } from "@remix-run/node"
import { useRouteLoaderData } from "@remix-run/react"
import { STORE } from "@shared/store-constants"
import type { ReactNode } from "react"

import { pageMeta } from "~/lib/meta"
import { type SitePage, sitePage } from "~/lib/site-pages"
import { canonicalLink } from "~/modules/seo/canonical"
import type { loader as rootLoader } from "~/root"

import { ContactItems } from "./ContactItems"

/** A policy or information page's title and canonical URL (from the site's pages), and its description. */
export const staticPageMeta = (page: SitePage, description: string): MetaFunction => {
  const { to, title } = sitePage(page)
  return ({ matches }) => [...pageMeta(title, description), ...canonicalLink(matches, to)]
}

/** The frame of the policy and information pages. */
export function StaticPage({
  page,
  intro,
  updated,
  children,
}: {
  page: SitePage
  intro?: ReactNode
  updated?: string
  children: ReactNode
}) {
  const { title } = sitePage(page)
  return (
    <article className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      {updated ? <p className="mt-2 text-sm text-slate-600">Last updated: {updated}</p> : null}
      {intro ? <div className="mt-4 text-lg text-slate-700">{intro}</div> : null}
      <div className="static-content mt-8">{children}</div>
    </article>
  )
}

/** How to reach us: email and phone from configuration, hours from the store constants (the same everywhere). */
export function ContactDetails() {
  const contact = useRouteLoaderData<typeof rootLoader>("root")?.contact
  return (
    <ul>
      {contact ? <ContactItems contact={contact} /> : null}
      <li>Support hours: {STORE.supportHours}</li>
    </ul>
  )
}

/** The policy pages are the same for everyone: browsers and shared caches keep them a while. */
export const publicPageHeaders: HeadersFunction = () => ({ "Cache-Control": "public, max-age=300, stale-while-revalidate=86400" })
