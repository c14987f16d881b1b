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

/** For pages of one visitor (cart, checkout, an order's pages, the age check): search engines leave them out. */
export const NO_INDEX = { name: "robots", content: "noindex" } as const
