import { Link } from "@remix-run/react"
import { STORE } from "@shared/store-constants"

import { shopCategoryHref } from "~/lib/links"

const QUICK_LINKS = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
  { to: "/buy-medication", label: "Buy Medication Now" },
  { to: "/apply-for-prescription", label: "Apply for Prescription" },
  { to: "/blog", label: "Blog" },
]

const USEFUL_LINKS = [
  { to: "/about-us", label: "About Us" },
  { to: "/find-my-order", label: "Find My Order" },
  { to: "/privacypolicy", label: "Privacy Policy" },
  { to: "/notice-of-privacy-practices", label: "Notice of Privacy Practices" },
  { to: "/licenses", label: "Licenses and Accreditation" },
  { to: "/shippingpolicy", label: "Shipping Policy" },
  { to: "/refundandreturn", label: "Refund and Returns" },
  { to: "/faq", label: "FAQ" },
]

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
              <li>
                Email: <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </li>
              <li>
                Phone: <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</a>
              </li>
              <li>Support: {STORE.supportHours}</li>
            </ul>
          ) : null}
        </div>
        <FooterLinks title="Quick Links" links={QUICK_LINKS} />
        <FooterLinks title="Useful Links" links={USEFUL_LINKS} />
        <FooterLinks title="Categories" links={CATEGORIES.map((name) => ({ to: shopCategoryHref(name), label: name }))} />
      </div>
      <p className="footer-legal">
        © {new Date().getFullYear()} {STORE.name}. All rights reserved.
      </p>
    </footer>
  )
}

function FooterLinks({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <p className="footer-title">{title}</p>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
