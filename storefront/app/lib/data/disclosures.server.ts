/**
 * The pharmacy's public disclosures (issue 25, decision 0054): the Store settings ops edit in
 * Medusa Admin, parsed by the backend (`GET /store/pharmacy-disclosures`, a minute in any cache).
 * Not a shopper's call: no shopper headers, the same answer for everyone.
 */
import type { PharmacyDisclosures } from "@shared/pharmacy-disclosures"

import { sdk } from "~/lib/medusa.server"

/** A settings read is quick; the page does not wait longer for it. */
const DISCLOSURES_TIMEOUT_MS = 5_000

/** Throws the backend's refusal or the failure to reach it; loaders wrap it in `fromBackend`. */
export async function pharmacyDisclosures(): Promise<PharmacyDisclosures> {
  const { disclosures } = await sdk.client.fetch<{ disclosures: PharmacyDisclosures }>("/store/pharmacy-disclosures", {
    signal: AbortSignal.timeout(DISCLOSURES_TIMEOUT_MS),
  })
  return disclosures
}
