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

/** A product picture's flags, Popular then Rx (the shop's card, the product page). */
export function ProductBadges({ product, className }: { product: { is_popular: boolean; prescription: boolean }; className: string }) {
  return (
    <div className={className}>
      {product.is_popular ? <PopularBadge /> : null}
      {product.prescription ? <RxBadge /> : null}
    </div>
  )
}
