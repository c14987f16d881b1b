import type { HeadersFunction, MetaFunction } from "@remix-run/node"
import { Link } from "@remix-run/react"

import { PUBLIC_CACHE, StaticPage } from "~/components/StaticPage"
import { pageMeta } from "~/lib/meta"
import { canonicalLink } from "~/modules/seo/canonical"

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta("FAQ", "Frequently asked questions about ordering, shipping, prescriptions and payments."),
  ...canonicalLink(matches, "/faq"),
]

export const headers: HeadersFunction = () => PUBLIC_CACHE

export default function Faq() {
  return (
    <StaticPage title="FAQ">
      <p className="text-lg">FAQ content coming soon</p>
      <p>
        Meanwhile, the most common questions are answered on our <Link to="/#faq-heading">home page</Link>.
      </p>
    </StaticPage>
  )
}
