/**
 * `/search-suggestions?q=`: what the header's search field suggests while a shopper types (decision
 * 0058), a resource route answering JSON to the field's own request. Behind the age gate like the
 * shop it leads to: before the age check it suggests nothing (the field still submits to /shop, which
 * asks). A backend that fails answers no suggestions; the search itself still works.
 */
import type { LoaderFunctionArgs } from "@remix-run/node"

import { isAgeVerified } from "~/lib/age-gate.server"
import { type CatalogSuggestion, suggestProducts } from "~/lib/data/catalog.server"
import { normalizeSearch } from "~/modules/catalog/shop-params"

export type SuggestionsAnswer = { q: string; products: CatalogSuggestion[] }

const PRIVATE = { "Cache-Control": "private, no-cache" }

const answer = (body: SuggestionsAnswer, init: ResponseInit = {}) => Response.json(body, { ...init, headers: PRIVATE })

export async function loader({ request }: LoaderFunctionArgs) {
  const q = normalizeSearch(new URL(request.url).searchParams.get("q"))
  if (!q || !(await isAgeVerified(request))) return answer({ q, products: [] })
  try {
    return answer({ q, products: await suggestProducts(q) })
  } catch (error) {
    console.error(`Search suggestions failed: ${error instanceof Error ? error.message : String(error)}`)
    return answer({ q, products: [] }, { status: 503 })
  }
}
