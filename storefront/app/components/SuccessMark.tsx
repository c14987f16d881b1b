/** The tick in a green circle above a "thank you" (an order placed, a request sent). */
export function SuccessMark() {
  return (
    <div className="grid h-14 w-14 place-items-center rounded-full bg-brand-100 text-brand-800" aria-hidden="true">
      <svg viewBox="0 0 24 24" className="h-8 w-8 fill-none stroke-current stroke-[2.5]">
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
    </div>
  )
}
