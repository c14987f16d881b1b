import { Link } from "@remix-run/react"

import { StaticPage, staticPageMeta } from "~/components/StaticPage"

export { publicPageHeaders as headers } from "~/components/StaticPage"

export const meta = staticPageMeta("faq", "Frequently asked questions about ordering, shipping, prescriptions and payments.")

export default function Faq() {
  return (
    <StaticPage page="faq">
      <p className="text-lg">FAQ content coming soon</p>
      <p>
        Meanwhile, the most common questions are answered on our <Link to="/#faq-heading">home page</Link>.
      </p>
    </StaticPage>
  )
}
