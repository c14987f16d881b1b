/**
 * Form parts of the admin area: every field has a visible label, its error
 * right beside it (aria-describedby, aria-invalid), and forms carry the
 * session's anti-forgery token.
 */
import { useRouteLoaderData } from "@remix-run/react"
import { describedBy, FieldError, FieldHint } from "~/components/form-fields"
import { forwardRef, useEffect, useRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react"

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600 disabled:bg-slate-100"
export const labelClass = "block text-sm font-semibold text-slate-800"
export const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-300 aria-disabled:text-slate-700"
export const secondaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500"
export const dangerButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-slate-300"

/** The hidden anti-forgery field every admin form posts (the token comes from the admin layout's loader). */
export function CsrfField() {
  const layout = useRouteLoaderData<{ csrf: string }>("routes/admin")
  return <input type="hidden" name="csrf" value={layout?.csrf ?? ""} />
}

/** The visible label, with a star (hidden from screen readers, which hear aria-required) when required. */
function FieldLabel({ id, label, required }: { id: string; label: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={id} className={labelClass}>
      {label}
      {required ? <span aria-hidden="true" className="text-red-700"> *</span> : null}
    </label>
  )
}

type Common = { id: string; label: ReactNode; error?: string | null; hint?: ReactNode; className?: string }

export const TextField = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(function TextField(
  { id, label, error, hint, className, required, ...input },
  ref
) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} />
      <input
        ref={ref}
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
        {...input}
      />
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} error={error} />
    </div>
  )
})

export function TextAreaField({ id, label, error, hint, className, required, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} />
      <textarea
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
        {...input}
      />
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} error={error} />
    </div>
  )
}

export function SelectField({
  id,
  label,
  error,
  hint,
  className,
  required,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} />
      <select
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
        {...select}
      >
        {children}
      </select>
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} error={error} />
    </div>
  )
}

/**
 * A form's message. Errors are alerts; after a failed submit the page moves
 * focus to the first invalid field, else here, so keyboard and screen reader
 * users land on what went wrong.
 */
export function FormAlert({ message, detail, tone = "error", focusKey }: { message?: string | null; detail?: string | null; tone?: "error" | "success"; focusKey?: unknown }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (message && focusKey !== undefined) ref.current?.focus()
  }, [message, focusKey])
  if (!message) return null
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
          : "rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900"
      }
    >
      <p className="font-semibold">{message}</p>
      {detail ? <p className="mt-1">{detail}</p> : null}
    </div>
  )
}

/** After a failed submit: focus the first field marked invalid inside `container`, or report that there was none. */
export function focusFirstInvalid(container: HTMLElement | null): boolean {
  const invalid = container?.querySelector<HTMLElement>("[aria-invalid=true]")
  if (!invalid) return false
  invalid.focus()
  return true
}
