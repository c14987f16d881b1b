import { Link } from "@remix-run/react"
import { STORE } from "@shared/store-constants"

import { ContactDetails, StaticPage, staticPageMeta } from "~/components/StaticPage"

export { publicPageHeaders as headers } from "~/components/StaticPage"

export const meta = staticPageMeta(
  "privacyPolicy",
  `How ${STORE.name} collects, uses and protects your personal and health information, including our HIPAA commitments.`
)

export default function PrivacyPolicy() {
  return (
    <StaticPage
      page="privacyPolicy"
      updated="August 16, 2025"
      intro={
        <p>
          Your privacy matters to us. This policy explains what information {STORE.name} collects, how we use it and the choices you have.
        </p>
      }
    >
      <h2>HIPAA statement</h2>
      <p>
        As a pharmacy, {STORE.name} is a covered entity under the Health Insurance Portability and Accountability Act of 1996 (HIPAA). We
        protect your protected health information (PHI), such as prescriptions, medical history and the answers you give in our prescription
        forms, with administrative, physical and technical safeguards. We use and disclose PHI only to treat you, to process payment and for
        our health care operations, as the law permits, or with your written authorization. You have the right to see and get a copy of your
        health information, to ask us to correct it, to receive a list of certain disclosures and to file a complaint with us or with the
        U.S. Department of Health and Human Services. Our <Link to="/notice-of-privacy-practices">Notice of Privacy Practices</Link>{" "}
        describes these uses, your rights and how to reach our privacy officer in full.
      </p>

      <h2>Information we collect</h2>
      <ul>
        <li>Contact details: your name, email address, phone number and shipping address.</li>
        <li>Order details: the products you buy and the payment method you choose.</li>
        <li>Health information you give us in prescription requests and forms.</li>
        <li>Technical information: your browser type and the pages you visit, used to keep the site secure and working.</li>
      </ul>
      <p>Your shopping cart is stored in your own browser and is not sent to us until you check out.</p>

      <h2>How we use your information</h2>
      <ul>
        <li>To fill and ship your orders and to contact you about them.</li>
        <li>To review prescription requests with licensed pharmacists and prescribers.</li>
        <li>To answer your questions and provide customer support.</li>
        <li>To meet our legal and regulatory obligations as a pharmacy.</li>
      </ul>
      <p>We never sell your personal or health information.</p>

      <h2>Sharing</h2>
      <p>
        We share information only with those who help us serve you (for example prescribers, shipping carriers and payment providers) under
        agreements that require them to protect it, and when the law requires it.
      </p>

      <h2>Cookies</h2>
      <p>
        We use a small number of cookies that the site needs to work, such as the one that remembers you confirmed you are at least{" "}
        {STORE.minimumAge}. We do not use advertising cookies.
      </p>

      <h2>Security and retention</h2>
      <p>
        Health information is encrypted when stored and sent over encrypted connections. We keep records for as long as pharmacy laws
        require and then delete them securely.
      </p>

      <h2>Children</h2>
      <p>Our services are for adults. We do not knowingly serve or collect information from children under {STORE.minimumAge}.</p>

      <h2>Contact us</h2>
      <p>For privacy questions or to exercise your rights, contact our privacy team:</p>
      <ContactDetails />
    </StaticPage>
  )
}
