/**
 * The shop's pages as its menus name them, once: the footer lists them as written here, the
 * header in capitals (spec §2).
 */
import type { MenuLink } from "~/components/LinkList"
import SITE_PAGES from "~/content/site-pages.json"

import { shopCategoryHref } from "./links"

/** Each page's path and name (`app/content/site-pages.json`: the site's words live in `app/content`). */
export type SitePage = keyof typeof SITE_PAGES

/** A page's path, and its title (its menu name unless the page is titled otherwise). */
export function sitePage(page: SitePage): { to: string; title: string } {
  const entry: { to: string; label: string; title?: string } = SITE_PAGES[page]
  return { to: entry.to, title: entry.title ?? entry.label }
}

const links = (pages: SitePage[], capitals = false): MenuLink[] =>
  pages.map((page) => {
    const { to, label } = SITE_PAGES[page]
    return { to, label: capitals ? label.toUpperCase() : label }
  })

export const FOOTER_QUICK_LINKS = links(["home", "shop", "buyMedication", "applyForPrescription", "blog"])
export const FOOTER_USEFUL_LINKS = links([
  "aboutUs",
  "findMyOrder",
  "privacyPolicy",
  "privacyPractices",
  "licenses",
  "shippingPolicy",
  "refunds",
  "faq",
])
/** The header's main menu after Home and Shop (the mobile menu's too, which ends with the FAQ). */
export const HEADER_LINKS = links(["buyMedication", "applyForPrescription", "aboutUs", "blog"], true)
export const [HEADER_HOME, HEADER_SHOP, HEADER_FAQ] = links(["home", "shop", "faq"], true)

/** A category's page in the shop, named `label` (the mobile menu says "Diabetes Supply"). */
export const categoryLink = (category: string, label = category): MenuLink => ({ to: shopCategoryHref(category), label })
