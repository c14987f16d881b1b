import { STORE } from "@shared/store-constants"
import type { ReactNode } from "react"

/** The header HIPAA requires at the top of a Notice of Privacy Practices (45 CFR 164.520(b)(1)(i)), word for word. */
export const HIPAA_NOTICE_HEADER =
  "THIS NOTICE DESCRIBES HOW MEDICAL INFORMATION ABOUT YOU MAY BE USED AND DISCLOSED AND HOW YOU CAN GET ACCESS TO THIS INFORMATION. PLEASE REVIEW IT CAREFULLY."

/**
 * The notice's legal text (45 CFR 164.520(b)): uses and disclosures, the patient's rights, the
 * pharmacy's duties and how to complain. The privacy officer's contact and the effective date are
 * settings (decision 0054), handed in by the page as `contact`.
 */
export function NoticeText({ contact }: { contact: ReactNode }) {
  const us = STORE.name
  return (
    <>
      <h2>Our duties</h2>
      <p>
        {us} is required by law to maintain the privacy of your protected health information (PHI), to give you this notice of our legal
        duties and privacy practices, and to notify you if a breach compromises the privacy or security of your unsecured PHI. We must
        follow the terms of the notice currently in effect. We may change this notice and make the new terms apply to all PHI we keep; the
        new notice will be posted on this page, with its effective date, and given to you on request.
      </p>

      <h2>How we may use and disclose your health information</h2>
      <h3>Treatment</h3>
      <p>
        We use your PHI to fill your prescriptions and counsel you about your medicines, and we share it with your prescribers, other
        pharmacies and health care providers involved in your care, for example to confirm a prescription or check for drug interactions.
      </p>
      <h3>Payment</h3>
      <p>
        We use and disclose your PHI to bill and collect payment for the products and services we provide, for example to confirm a payment
        you made for your order.
      </p>
      <h3>Health care operations</h3>
      <p>
        We use and disclose your PHI to run our pharmacy: quality reviews of our pharmacists&apos; work, training, audits, licensing and
        accreditation, and customer service. Business associates who help us (such as shipping carriers and technology providers) must
        protect your PHI by contract.
      </p>
      <h3>Other uses and disclosures the law permits or requires</h3>
      <ul>
        <li>As required by federal, state or local law.</li>
        <li>For public health activities: reporting adverse drug reactions or product problems to the FDA, preventing disease, recalls.</li>
        <li>To report suspected abuse, neglect or domestic violence to the authorities the law names.</li>
        <li>For health oversight: audits, inspections and investigations by boards of pharmacy and other agencies.</li>
        <li>In lawsuits and other legal proceedings, in response to a court order or, with safeguards, a subpoena.</li>
        <li>To law enforcement officials, as the law allows, and to prevent a serious threat to health or safety.</li>
        <li>To coroners, medical examiners and funeral directors, and for organ and tissue donation.</li>
        <li>For research approved under the privacy safeguards the law sets.</li>
        <li>For specialized government functions (military, national security) and workers&apos; compensation, as the law provides.</li>
        <li>To people involved in your care or payment for it, such as a family member picking up your medicine, unless you object.</li>
      </ul>
      <h3>Uses that need your written permission</h3>
      <p>
        Any other use or disclosure, including most uses for marketing and any sale of your PHI, needs your written authorization. You may
        revoke an authorization in writing at any time, except where we have already acted on it. Where a state law protects your
        information more strictly than federal law, we follow the stricter law.
      </p>

      <h2>Your rights</h2>
      <ul>
        <li>
          <strong>Access and copy:</strong> you may see and get a paper or electronic copy of your PHI in our records. We may charge a
          reasonable, cost-based fee.
        </li>
        <li>
          <strong>Amendment:</strong> you may ask us to correct PHI you believe is wrong or incomplete. We may say no, and will tell you why
          in writing.
        </li>
        <li>
          <strong>Accounting of disclosures:</strong> you may ask for a list of the times we disclosed your PHI in the six years before your
          request, other than for treatment, payment, health care operations and a few other purposes. One list a year is free.
        </li>
        <li>
          <strong>Restrictions:</strong> you may ask us to limit how we use or share your PHI. We are not required to agree, except that we
          must not share information with your health plan about an item you paid for in full out of pocket, if you ask us not to.
        </li>
        <li>
          <strong>Confidential communications:</strong> you may ask us to contact you in a certain way or at a certain address, such as a
          different email or phone number. We will agree to reasonable requests.
        </li>
        <li>
          <strong>A paper copy of this notice:</strong> you may ask for a paper copy at any time, even if you agreed to receive it
          electronically.
        </li>
        <li>
          <strong>Someone to act for you:</strong> a person with your medical power of attorney or your legal guardian may exercise your
          rights.
        </li>
      </ul>

      <h2>Complaints</h2>
      <p>
        If you believe your privacy rights have been violated, you may complain to us, using the contact details below, and to the U.S.
        Department of Health and Human Services Office for Civil Rights (OCR): 200 Independence Avenue S.W., Washington, D.C. 20201, phone
        1-877-696-6775, or online at{" "}
        <a href="https://www.hhs.gov/ocr/complaints/" rel="noopener noreferrer">
          www.hhs.gov/ocr/complaints
        </a>
        . We will not retaliate against you in any way for filing a complaint.
      </p>

      <h2>Contact our privacy officer</h2>
      <p>For questions about this notice, to exercise any of your rights or to file a complaint with us, contact:</p>
      {contact}
    </>
  )
}
