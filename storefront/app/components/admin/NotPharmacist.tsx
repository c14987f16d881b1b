/** Shown instead of prescription data to staff without the pharmacist role. */
export function NotPharmacist({ message }: { message: string }) {
  return (
    <p role="status" data-testid="not-pharmacist" className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-900">
      {message}
    </p>
  )
}
