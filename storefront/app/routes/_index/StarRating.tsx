const STAR = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z"

/** Five stars, half stars included (spec §1), read out as "Rated 4.5 out of 5". */
export function StarRating({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="inline-flex gap-0.5">
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, rating - i))
        return (
          <span key={i} className="relative inline-block h-5 w-5">
            <svg viewBox="0 0 20 20" className="absolute inset-0 h-5 w-5 text-slate-300" aria-hidden="true">
              <path d={STAR} fill="currentColor" />
            </svg>
            {fill > 0 ? (
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <svg viewBox="0 0 20 20" className="h-5 w-5 text-amber-500" aria-hidden="true">
                  <path d={STAR} fill="currentColor" />
                </svg>
              </span>
            ) : null}
          </span>
        )
      })}
    </span>
  )
}
