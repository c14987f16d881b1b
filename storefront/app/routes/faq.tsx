import type { HeadersFunction } from "@remix-run/node"
import { Link } from "@remix-run/react"

import { PUBLIC_CACHE, StaticPage, staticPageMeta } from "~/components/StaticPage"

export const meta = staticPageMeta("FAQ", "Frequently asked questions about ordering, shipping, prescriptions and payments.", "/faq")

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
