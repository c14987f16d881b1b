import { useNonce } from "~/lib/nonce"

import { scriptJson } from "./json-ld"

/**
 * Structured data in the page: a `<script type="application/ld+json">` data block, which browsers
 * never run. It carries the response's Content-Security-Policy nonce all the same (decision 0040),
 * so the policy never has to reason about it; its JSON is escaped against `</script>`.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce()
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
}
