/**
 * The shop's pages as its menus name them, once: the footer lists them as written here, the
 * header in capitals (spec §2).
 */
import type { MenuLink } from "~/components/LinkList"

import { shopCategoryHref } from "./links"

const PAGES = {
  home: ["/", "Home"],
  shop: ["/shop", "Shop"],
  buyMedication: ["/buy-medication", "Buy Medication Now"],
  applyForPrescription: ["/apply-for-prescription", "Apply for Prescription"],
  aboutUs: ["/about-us", "About Us"],
  blog: ["/blog", "Blog"],
  findMyOrder: ["/find-my-order", "Find My Order"],
  privacyPolicy: ["/privacypolicy", "Privacy Policy"],
  privacyPractices: ["/notice-of-privacy-practices", "Notice of Privacy Practices"],
  licenses: ["/licenses", "Licenses and Accreditation"],
  shippingPolicy: ["/shippingpolicy", "Shipping Policy"],
  refunds: ["/refundandreturn", "Refund and Returns"],
  faq: ["/faq", "FAQ"],
} as const satisfies Record<string, readonly [string, string]>

type Page = keyof typeof PAGES

const links = (pages: Page[], capitals = false): MenuLink[] =>
  pages.map((page) => {
    const [to, label] = PAGES[page]
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
