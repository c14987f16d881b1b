import { Link } from "@remix-run/react"
import { STORE } from "@shared/store-constants"

import { ContactDetails, StaticPage, staticPageMeta } from "~/components/StaticPage"

export { publicPageHeaders as headers } from "~/components/StaticPage"
import { formatPrice } from "~/lib/money"

export const meta = staticPageMeta(
  "aboutUs",
  `${STORE.name}: a licensed US pharmacy for medical weight loss, insulin and diabetes supplies. Our mission, history and location.`
)

const { address } = STORE.warehouse
const ADDRESS_LINE = `${address.address_1}, ${address.city}, ${address.province} ${address.postal_code}`
/** Map position of the address (approximate), for the OpenStreetMap embed. */
const MAP = { lat: 32.7797, lon: -96.801, span: 0.006 }
const MAP_EMBED = `https://www.openstreetmap.org/export/embed.html?bbox=${MAP.lon - MAP.span}%2C${MAP.lat - MAP.span / 2}%2C${MAP.lon + MAP.span}%2C${MAP.lat + MAP.span / 2}&layer=mapnik&marker=${MAP.lat}%2C${MAP.lon}`
const MAP_LINK = `https://www.openstreetmap.org/?mlat=${MAP.lat}&mlon=${MAP.lon}#map=16/${MAP.lat}/${MAP.lon}`

export default function AboutUs() {
  return (
    <StaticPage
      page="aboutUs"
      intro={
        <p>
          {STORE.name} is a licensed US pharmacy focused on medical weight loss, insulin and diabetes supplies, with pharmacists who know
          these treatments inside out.
        </p>
      }
    >
      <h2>Our mission</h2>
      <p>
        We make long-term treatments for weight and diabetes simpler and more affordable: fair prices, dependable cold-chain delivery and
        real people to talk to whenever you have a question about your medicine.
      </p>

      <h2>Our heritage</h2>
      <p>
        We started as a neighbourhood pharmacy whose pharmacists spent much of their day helping people with diabetes manage insulin, meters
        and test strips. As GLP-1 treatments changed weight care, we built an online pharmacy around the same personal attention, so
        patients across the country can reach us as easily as our neighbours always could.
      </p>

      <h2>What we specialise in</h2>
      <ul>
        <li>Medical weight loss: GLP-1 treatments such as semaglutide and tirzepatide, and nutrition support.</li>
        <li>Insulin: rapid-acting, long-acting and basal insulin pens and vials, shipped cold.</li>
        <li>Diabetes supplies: meters, test strips, continuous glucose sensors, pen needles and syringes.</li>
        <li>Prescription support: help getting a prescription reviewed by licensed prescribers.</li>
      </ul>

      <h2>Why patients choose us</h2>
      <ul>
        <li>Free shipping on orders over {formatPrice(STORE.shipping.freeOver)}.</li>
        <li>Temperature-controlled packaging for insulin and GLP-1 medicines.</li>
        <li>Pharmacists and diabetes educators available {STORE.supportHours}.</li>
        <li>
          Your health information protected as HIPAA requires; see our{" "}
          <Link to="/notice-of-privacy-practices">Notice of Privacy Practices</Link> and our <Link to="/privacypolicy">privacy policy</Link>
          .
        </li>
        <li>
          Licensed in every state we ship prescriptions to; see our <Link to="/licenses">licenses and accreditation</Link>.
        </li>
        <li>
          A 30-day satisfaction guarantee; see our <Link to="/refundandreturn">refund and returns policy</Link>.
        </li>
      </ul>

      <h2>Visit or contact us</h2>
      <address className="not-italic">
        {STORE.name}
        <br />
        {address.address_1}
        <br />
        {address.city}, {address.province} {address.postal_code}
      </address>
      <ContactDetails />
      <div className="overflow-hidden rounded-2xl border border-slate-200">
        <iframe
          title={`Map showing ${STORE.name} at ${ADDRESS_LINE}`}
          src={MAP_EMBED}
          width={800}
          height={400}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="block h-72 w-full sm:h-96"
        />
      </div>
      <p className="text-sm text-slate-600">
        Map data © OpenStreetMap contributors. <a href={MAP_LINK}>View a larger map</a> of {ADDRESS_LINE}.
      </p>
    </StaticPage>
  )
}
