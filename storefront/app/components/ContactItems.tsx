/** The store's email and phone as links, two items of a contact list (the footer's, the policy pages'). */
export function ContactItems({ contact }: { contact: { email: string; phone: string } }) {
  return (
    <>
      <li>
        Email: <a href={`mailto:${contact.email}`}>{contact.email}</a>
      </li>
      <li>
        Phone: <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</a>
      </li>
    </>
  )
}
