import type { HeadersFunction } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"
import { STORE } from "@shared/store-constants"

import { StaticPage, staticPageMeta } from "~/components/StaticPage"
import { formatDate } from "~/lib/dates"
import { Disclosure, Fact, PhoneLink } from "~/modules/disclosures/Disclosure"
import { loadDisclosures } from "~/modules/disclosures/disclosures.server"

import { HIPAA_NOTICE_HEADER, NoticeText } from "./NoticeText"

export const meta = staticPageMeta(
  "privacyPractices",
  `How ${STORE.name} may use and disclose your medical information, your rights under HIPAA and how to reach our privacy officer.`
)

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/** The privacy officer and the effective date are settings (decision 0054); the legal text is in NoticeText. */
export const loader = () => loadDisclosures()

export default function NoticeOfPrivacyPractices() {
  const { disclosures: d } = useLoaderData<typeof loader>()
  const officer = d.privacy_officer
  return (
    <StaticPage
      page="privacyPractices"
      intro={
        <p className="rounded-2xl border-2 border-brand-700 bg-brand-50 p-4 text-base font-bold text-ink sm:p-5" data-testid="hipaa-header">
          {HIPAA_NOTICE_HEADER}
        </p>
      }
    >
      <p>
        <strong>Effective date:</strong>{" "}
        <Disclosure value={d.privacy_notice_effective_date}>{(date) => <time dateTime={date}>{formatDate(date)}</time>}</Disclosure>
      </p>
      <p>
        This notice applies to {d.legal_name ?? STORE.name} and its pharmacists and staff. Our{" "}
        <Link to="/privacypolicy">privacy policy</Link> explains how the website itself handles your information; our{" "}
        <Link to="/licenses">licenses</Link> page shows who we are and where we are licensed.
      </p>
      <NoticeText
        contact={
          <dl aria-label="Privacy officer">
            <Fact term="Privacy officer">
              <Disclosure value={officer.name} />
            </Fact>
            <Fact term="Phone">
              <Disclosure value={officer.phone}>{(phone) => <PhoneLink phone={phone} />}</Disclosure>
            </Fact>
            <Fact term="Email">
              <Disclosure value={officer.email}>{(email) => <a href={`mailto:${email}`}>{email}</a>}</Disclosure>
            </Fact>
            <Fact term="Mail">
              <Disclosure value={d.address}>{(address) => <address className="not-italic">{address}</address>}</Disclosure>
            </Fact>
          </dl>
        }
      />
    </StaticPage>
  )
}
