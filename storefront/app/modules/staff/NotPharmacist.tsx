import { Link } from "@remix-run/react"
import { MFA_REQUIRED_FOR_PHI, STAFF_SECURITY_PATH } from "@shared/staff-security"

/**
 * Shown instead of prescription data to staff the backend refused: without the pharmacist role,
 * or a pharmacist without two-step sign-in (decision 0044), with the way to turn it on.
 */
export function NotPharmacist({ message }: { message: string }) {
  const needsTwoStep = message === MFA_REQUIRED_FOR_PHI
  return (
    <div role="status" data-testid="not-pharmacist" className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-900">
      <p>{needsTwoStep ? "Pharmacists must use two-step sign-in to see prescription information." : message}</p>
      {needsTwoStep ? (
        <p className="mt-3">
          <Link to={STAFF_SECURITY_PATH} className="font-semibold text-amber-950 underline">
            Set up two-step sign-in
          </Link>{" "}
          (Security, in the staff menu), then open this page again.
        </p>
      ) : null}
    </div>
  )
}
