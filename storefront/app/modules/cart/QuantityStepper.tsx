import { useId, useState } from "react"

/**
 * Quantity between 1 and `max` (the stock), spec §5: the buttons stop at the
 * limits and everything is disabled when `max` is 0.
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  label = "Quantity",
  size = "md",
}: {
  value: number
  max: number
  onChange: (quantity: number) => void
  label?: string
  size?: "sm" | "md"
}) {
  const id = useId()
  const disabled = max < 1
  const [text, setText] = useState(String(value))
  // A new value from the parent replaces what is typed (while rendering, not in an effect after it).
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    setText(String(value))
  }
  const commit = (raw: string) => {
    const n = Math.floor(Number(raw))
    if (Number.isFinite(n) && n >= 1) onChange(Math.min(n, Math.max(1, max)))
    setText(String(value))
  }
  const button =
    size === "sm"
      ? "grid h-8 w-8 place-items-center text-lg disabled:cursor-not-allowed disabled:text-slate-400"
      : "grid h-10 w-10 place-items-center text-xl disabled:cursor-not-allowed disabled:text-slate-400"
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="inline-flex items-center rounded-full border border-slate-300 bg-white">
        <button
          type="button"
          className={`${button} rounded-l-full hover:bg-slate-100`}
          onClick={() => onChange(value - 1)}
          disabled={disabled || value <= 1}
          aria-label={`Decrease ${label.toLowerCase()}`}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={text}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault()
              commit(event.currentTarget.value)
            }
          }}
          className={`${size === "sm" ? "w-10" : "w-12"} border-x border-slate-300 bg-transparent text-center font-semibold [appearance:textfield] disabled:text-slate-400 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none`}
        />
        <button
          type="button"
          className={`${button} rounded-r-full hover:bg-slate-100`}
          onClick={() => onChange(value + 1)}
          disabled={disabled || value >= max}
          aria-label={`Increase ${label.toLowerCase()}`}
        >
          +
        </button>
      </div>
    </div>
  )
}
