/** The shopper the checkout tests fill in (a Boston address), without an email: each test brings its own. */
export const SHOPPER = {
  firstName: "Ada",
  lastName: "Lovelace",
  company: "Analytical Engines",
  address: "12 Harbor Street",
  apartment: "Apt 4",
  city: "Boston",
  state: "Massachusetts",
  zipCode: "02110",
  phone: "(617) 555-0142",
}
