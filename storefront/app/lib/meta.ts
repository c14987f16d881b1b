import { STORE } from "@shared/store-constants"

/** A page's `<title>` ("Page | Store") and meta description. */
export function pageMeta(title: string, description: string) {
  return [
    { title: `${title} | ${STORE.name}` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ]
}
