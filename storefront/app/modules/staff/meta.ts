import { STORE } from "@shared/store-constants"

/** A staff page's `<title>`; staff pages are never indexed. */
export function adminMeta(title: string) {
  return [{ title: `${title} | Staff | ${STORE.name}` }, { name: "robots", content: "noindex, nofollow" }]
}
