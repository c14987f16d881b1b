export function PopularBadge() {
  return <span className="badge badge-popular">Popular</span>
}

/** The prescription flag, shown as Rx (spec §3). */
export function RxBadge() {
  return (
    <span className="badge badge-rx" title="Prescription required">
      Rx<span className="sr-only"> (prescription required)</span>
    </span>
  )
}
