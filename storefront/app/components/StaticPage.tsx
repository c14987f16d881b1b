import type { MetaFunction } from "@remix-run/node"
import { useRouteLoaderData } from "@remix-run/react"
import { STORE } from "@shared/store-constants"
import type { ReactNode } from "react"

import { pageMeta } from "~/lib/meta"
import { canonicalLink } from "~/modules/seo/canonical"
import type { loader as rootLoader } from "~/root"

import { ContactItems } from "./ContactItems"

/** A policy or information page's title and description, and its canonical URL (`path`). */
export const staticPageMeta =
  (title: string, description: string, path: string): MetaFunction =>
  ({ matches }) => [...pageMeta(title, description), ...canonicalLink(matches, path)]

/** The frame of the policy and information pages. */
export function StaticPage({
  title,
  intro,
  updated,
  children,
}: {
  title: string
  intro?: ReactNode
  updated?: string
  children: ReactNode
}) {
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

export const PUBLIC_CACHE = { "Cache-Control": "public, max-age=300, stale-while-revalidate=86400" }
