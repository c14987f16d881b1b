/**
 * What the backend and the staff area agree on about staff sign-in security (decision 0044):
 * where staff turn on two-step sign-in, and the refusal a pharmacist without it gets on
 * prescription information (the staff area shows it with a link instead of an error).
 */
export const STAFF_SECURITY_PATH = "/admin/security"

export const MFA_REQUIRED_FOR_PHI =
  `Pharmacists must use two-step sign-in to see prescription information. ` +
  `Turn it on in the staff area under Security (${STAFF_SECURITY_PATH}), then open this page again.`

/** How the backend ends an answer that sends a sign-in back to its first step (the code step cannot go on). */
export const SIGN_IN_AGAIN = "Enter your email and password again."
