/**
 * The loader both disclosure pages share (decision 0054): the settings from the backend, cached
 * like the home page's counts (a minute fresh, five more stale while the next render fetches them),
 * so a change ops make in Medusa Admin shows within about a minute. Not micro-cached by the server
 * (only the shop and product pages are, decision 0017) and, like the other policy pages, not age gated.
 */
import { data } from "@remix-run/node"

import { fromBackend } from "~/lib/backend-errors.server"
import { pharmacyDisclosures } from "~/lib/data/disclosures.server"

export const DISCLOSURES_CACHE = "public, max-age=60, stale-while-revalidate=300"

export async function loadDisclosures() {
  const disclosures = await fromBackend(() => pharmacyDisclosures())
  return data({ disclosures }, { headers: { "Cache-Control": DISCLOSURES_CACHE } })
}
