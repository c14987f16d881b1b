import { STORE } from "@shared/store-constants"

import { categoryLink, FOOTER_QUICK_LINKS, FOOTER_USEFUL_LINKS } from "~/lib/site-pages"

import { ContactItems } from "./ContactItems"
import { LinkList, type MenuLink } from "./LinkList"

const CATEGORIES = ["Medical Weight Loss", "Diabetes Supplies", "Insulin"]

/** Styled in tailwind.css (.site-footer): it is on every page, so its markup stays light. */
export function SiteFooter({ contact }: { contact?: { email: string; phone: string } }) {
  return (
    <footer className="site-footer">
      <div className="container-page">
        <div>
          <p className="footer-title">{STORE.name}</p>
          <p>Licensed US pharmacy for weight loss, insulin and diabetes care.</p>
          {contact ? (
            <ul>
              <ContactItems contact={contact} />
              <li>Support: {STORE.supportHours}</li>
            </ul>
          ) : null}
        </div>
        <FooterLinks title="Quick Links" links={FOOTER_QUICK_LINKS} />
        <FooterLinks title="Useful Links" links={FOOTER_USEFUL_LINKS} />
        <FooterLinks title="Categories" links={CATEGORIES.map((name) => categoryLink(name))} />
      </div>
      <p className="footer-legal">
        © {new Date().getFullYear()} {STORE.name}. All rights reserved.
      </p>
    </footer>
  )
}

function FooterLinks({ title, links }: { title: string; links: MenuLink[] }) {
  return (
    <nav aria-label={title}>
      <p className="footer-title">{title}</p>
      <LinkList links={links} />
    </nav>
  )
}
