import type { HeadersFunction, SerializeFrom } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"
import { stateName } from "@shared/rx-ship-states"
import { STORE } from "@shared/store-constants"

import { DataTable, type TableSpec } from "~/components/DataTable"
import { StaticPage, staticPageMeta } from "~/components/StaticPage"
import { Disclosure, Fact, PhoneLink } from "~/modules/disclosures/Disclosure"
import { loadDisclosures } from "~/modules/disclosures/disclosures.server"

export const meta = staticPageMeta(
  "licenses",
  `${STORE.name}'s legal name and address, its pharmacy license in each state it serves, its pharmacist-in-charge and its accreditations.`
)

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/** Everything on this page comes from the store's settings (decision 0054), none of it from this file. */
export const loader = () => loadDisclosures()

type StateLicense = SerializeFrom<typeof loader>["disclosures"]["state_licenses"][number]

const LICENSES_TABLE: TableSpec<StateLicense> = {
  look: {
    table: "w-full border-collapse text-left",
    cell: "py-2",
    gap: "pr-4",
    headRow: "border-b-2 border-slate-300",
    row: "border-b border-slate-200",
  },
  columns: [
    {
      header: "State",
      rowHeader: true,
      className: "font-normal",
      cell: (license) => `${stateName(license.state) ?? license.state} (${license.state})`,
    },
    { header: "License number", className: "break-all", cell: (license) => license.number },
  ],
  rowKey: (license) => license.state,
}

export default function Licenses() {
  const { disclosures: d } = useLoaderData<typeof loader>()
  return (
    <StaticPage
      page="licenses"
      intro={
        <p>
          A pharmacy may fill prescriptions only in the states that license it. Here is who we are, where we are licensed and who is
          responsible for our pharmacy practice, so you can check us with each state&apos;s board of pharmacy.
        </p>
      }
    >
      <h2 id="pharmacy-heading">The pharmacy</h2>
      <dl aria-labelledby="pharmacy-heading">
        <Fact term="Legal name">
          <Disclosure value={d.legal_name} />
        </Fact>
        <Fact term="Physical address">
          <Disclosure value={d.address}>{(address) => <address className="not-italic">{address}</address>}</Disclosure>
        </Fact>
        <Fact term="Phone">
          <Disclosure value={d.phone}>{(phone) => <PhoneLink phone={phone} />}</Disclosure>
        </Fact>
        {d.dea_registration ? <Fact term="DEA registration number">{d.dea_registration}</Fact> : null}
      </dl>

      <h2 id="licenses-heading">State pharmacy licenses</h2>
      {d.state_licenses.length ? (
        <DataTable {...LICENSES_TABLE} rows={d.state_licenses} labelledBy="licenses-heading" />
      ) : (
        <p>
          <Disclosure value={null} />
        </p>
      )}

      <h2 id="pic-heading">Pharmacist-in-charge</h2>
      <dl aria-labelledby="pic-heading">
        <Fact term="Name">
          <Disclosure value={d.pharmacist_in_charge.name} />
        </Fact>
        <Fact term="License">
          <Disclosure value={d.pharmacist_in_charge.license} />
        </Fact>
      </dl>

      {d.accreditations.length ? (
        <>
          <h2>Accreditation</h2>
          <ul>
            {d.accreditations.map((seal) => (
              <li key={seal.name}>
                {seal.name}
                {seal.url ? (
                  <>
                    {" "}
                    (
                    <a href={seal.url} rel="noopener noreferrer" target="_blank">
                      verify {seal.name}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                    )
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2>Your privacy</h2>
      <p>
        How we use and protect your health information, and your rights over it, are set out in our{" "}
        <Link to="/notice-of-privacy-practices">Notice of Privacy Practices</Link>. See also our{" "}
        <Link to="/privacypolicy">privacy policy</Link> and <Link to="/about-us">about us</Link>.
      </p>
    </StaticPage>
  )
}
