/**
 * The one library of labelled form controls, for the shopper's forms (checkout, prescription
 * forms) and the staff area: each control has a visible label, says whether it is required
 * (a star, or "(optional)"), and is tied to its hint and its error with `aria-describedby`
 * (`aria-invalid` when in error). Ids are `field-<name>` unless given (a page with several
 * forms, such as the staff area's product list, gives its own). Errors come from the server
 * (the routes' actions) and, for a few checks, from the page's script; both land here. Forms
 * using these controls set `noValidate`: the server's messages, not the browser's, are shown.
 */
import {
  createContext,
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useContext,
  useEffect,
  useImperativeHandle,
  useRef,
} from "react"

export const fieldId = (name: string) => `field-${name}`

/** The look of a text input, select or textarea (also for the staff area's file input). */
export const inputClass =
  "mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm"
const borderClass = (error?: string | null) => (error ? "border-red-600" : "border-slate-400")

/** The ids of a control's hint and error, for `aria-describedby` (the admin area's fields use it too). */
export function describedBy(id: string, hint?: ReactNode, error?: string | null) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean)
  return ids.length ? ids.join(" ") : undefined
}

/** A control's label: a star when required (screen readers hear `required`), else "(optional)" unless told not to. */
export function FieldLabel({
  id,
  label,
  required,
  markOptional = true,
}: {
  id: string
  label: ReactNode
  required?: boolean
  markOptional?: boolean
}) {
  return (
    <label htmlFor={id} className="field-label block">
      {label}
      {required ? (
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      ) : markOptional ? (
        <span className="font-normal text-slate-600"> (optional)</span>
      ) : null}
    </label>
  )
}

/** Said once above a form whose required controls carry the star. */
export function RequiredFieldsNote({ className }: { className: string }) {
  return (
    <p className={className}>
      Fields marked with an asterisk (<span aria-hidden="true">*</span>
      <span className="sr-only">star</span>) are required.
    </p>
  )
}

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  ) : null
}

export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null
}

type Common = {
  name: string
  /** The control's id; `field-<name>` when not given. */
  id?: string
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  required?: boolean
  /** Say "(optional)" after the label of a control that is not required (not for filters). */
  markOptional?: boolean
  className?: string
  /** Focus this control when the page loads (a code step); the first error gets it through `FirstErrorFocus`. */
  focusOnLoad?: boolean
}

/**
 * The field holding the first error of a page the server rendered after a failed submission.
 * Fields inside read it and focus themselves on load; with the `autofocus` attribute, because
 * the forms work without JavaScript too (an effect would not run there).
 */
const FirstError = createContext<string | null>(null)

export function FirstErrorFocus({ field, children }: { field: string | null; children: ReactNode }) {
  return <FirstError.Provider value={field}>{children}</FirstError.Provider>
}

const useFocusOnLoad = (name: string, focusOnLoad?: boolean) => useContext(FirstError) === name || Boolean(focusOnLoad)

/**
 * What every control shares: its id, and the attributes that tie it to its label, hint and error
 * and focus it on load (the first error, or a code step: `autoFocus`, also without JavaScript).
 */
function useControl({
  name,
  id: givenId,
  error,
  hint,
  required,
  focusOnLoad,
}: Pick<Common, "name" | "id" | "error" | "hint" | "required" | "focusOnLoad">) {
  const id = givenId ?? fieldId(name)
  const autoFocus = useFocusOnLoad(name, focusOnLoad)
  const control = {
    id,
    name,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
    autoFocus,
  }
  return { id, autoFocus, control }
}

/** A control's hint and error, below it. */
function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} error={error} />
    </>
  )
}

/** A text input, select or textarea in its frame: the label above, the hint and error below. */
function LabelledControl({
  id,
  label,
  required,
  markOptional,
  hint,
  error,
  className,
  children,
}: Pick<Common, "label" | "required" | "markOptional" | "hint" | "error" | "className"> & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} markOptional={markOptional} />
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

/**
 * A labelled control's props, split: its frame's (LabelledControl), the control's own attributes
 * (useControl, and the look of an input in or out of error), and the rest, for the element itself.
 */
function useLabelledControl<Props extends Common>({
  name,
  id: givenId,
  label,
  error,
  hint,
  required,
  markOptional,
  className,
  focusOnLoad,
  ...rest
}: Props) {
  const { id, control } = useControl({ name, id: givenId, error, hint, required, focusOnLoad })
  return {
    frame: { id, label, required, markOptional, hint, error, className },
    control: { ...control, className: `${inputClass} ${borderClass(error)}` },
    rest,
  }
}

export const TextField = forwardRef<HTMLInputElement, Common & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "className">>(
  function TextField(props, ref) {
    const { frame, control, rest } = useLabelledControl(props)
    return (
      <LabelledControl {...frame}>
        <input ref={ref} {...control} {...rest} />
      </LabelledControl>
    )
  }
)

export function TextAreaField(props: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "className">) {
  const { frame, control, rest } = useLabelledControl(props)
  return (
    <LabelledControl {...frame}>
      <textarea {...control} rows={3} {...rest} />
    </LabelledControl>
  )
}

type Option = string | { value: string; label: string }
const optionOf = (option: Option) => (typeof option === "string" ? { value: option, label: option } : option)

/** A select, with `options` (strings or value/label pairs) or its own `<option>` children. */
export function SelectField(
  props: Common & {
    options?: readonly Option[]
    /** A first, empty choice ("Select a state"). */
    placeholder?: string
  } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "className">
) {
  const {
    frame,
    control,
    rest: { options, placeholder, children, ...select },
  } = useLabelledControl(props)
  return (
    <LabelledControl {...frame}>
      <select {...control} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {children}
        {options?.map(optionOf).map(({ value, label: text }) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </LabelledControl>
  )
}

export function CheckboxField({
  name,
  id: givenId,
  label,
  error,
  hint,
  className,
  focusOnLoad,
  ...input
}: Omit<Common, "required" | "markOptional"> & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "className" | "type">) {
  const { id, control } = useControl({ name, id: givenId, error, hint, focusOnLoad })
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input {...control} type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700" {...input} />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      <div className="ml-8">
        <FieldNotes id={id} hint={hint} error={error} />
      </div>
    </div>
  )
}

/** Radio buttons in a fieldset; the legend names the group, the error is tied to each option. */
export function RadioGroupField(
  props: Omit<Common, "markOptional"> & {
    options: readonly Option[]
    defaultValue?: string
    disabled?: boolean
    inline?: boolean
  }
) {
  const { name, label, error, hint, required, className, options, defaultValue, disabled, inline = true } = props
  const { id, autoFocus, control } = useControl(props)
  return (
    <fieldset className={className} aria-describedby={control["aria-describedby"]}>
      <legend className="field-label">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </legend>
      <div className={`mt-2 flex gap-2 ${inline ? "flex-wrap" : "flex-col"}`}>
        {options.map(optionOf).map(({ value, label: text }, index) => {
          const optionId = index === 0 ? id : `${id}-${index}`
          return (
            <label
              key={value}
              htmlFor={optionId}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed"
            >
              {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- aria-invalid on each option: announced, and how the page finds the first error to focus */}
              <input
                id={optionId}
                type="radio"
                name={name}
                value={value}
                defaultChecked={defaultValue === value}
                disabled={disabled}
                aria-invalid={control["aria-invalid"]}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the first error (or a code step), also without JavaScript: see FirstErrorFocus
                autoFocus={autoFocus && index === 0}
                className="h-4 w-4 accent-brand-700"
              />
              {text}
            </label>
          )
        })}
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  )
}

/**
 * A message about the whole form ("Failed to place order: ...", "Product updated"), announced
 * (errors as alerts) and focusable. With `focusKey`, it takes the focus itself whenever the key
 * changes while it shows a message; otherwise the page focuses it through the ref.
 */
export const FormAlert = forwardRef<
  HTMLDivElement,
  { message: string | null | undefined; detail?: string | null; tone?: "error" | "success"; focusKey?: unknown; className?: string }
>(function FormAlert({ message, detail, tone = "error", focusKey, className = "" }, forwarded) {
  const own = useRef<HTMLDivElement>(null)
  // No dependency list: the element comes and goes with the message, so the handle follows every render.
  useImperativeHandle(forwarded, () => own.current as HTMLDivElement)
  useEffect(() => {
    if (message && focusKey !== undefined) own.current?.focus()
  }, [message, focusKey])
  if (!message) return null
  const error = tone === "error"
  return (
    <div
      ref={own}
      tabIndex={-1}
      role={error ? "alert" : "status"}
      data-testid={error ? "form-error" : "form-notice"}
      className={`rounded-xl border p-4 text-sm ${
        error ? "border-red-200 bg-red-50 text-red-800" : "border-brand-200 bg-brand-50 text-brand-900"
      } ${className}`}
    >
      <p className="font-semibold">{message}</p>
      {detail ? <p className="mt-1">{detail}</p> : null}
    </div>
  )
})

/**
 * Focus after a failed submission: the first control in error (in page
 * order), else the form's alert, so keyboard and screen-reader users land on
 * what needs fixing. `trigger` changes once per answer.
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement>, alertRef: RefObject<HTMLElement>, trigger: unknown) {
  useEffect(() => {
    if (!trigger) return
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])')
    if (invalid) invalid.focus()
    else alertRef.current?.focus()
  }, [trigger, formRef, alertRef])
}

/** The first field name, in `order`, that has an error: the one to autofocus on a page rendered by the server. */
export const firstErrorField = (order: readonly string[], errors: Record<string, string> | undefined) =>
  errors ? (order.find((name) => errors[name]) ?? null) : null

/** After a failed submit: focus the first field marked invalid inside `container`, or say there was none. */
export function focusFirstInvalid(container: HTMLElement | null): boolean {
  const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])')
  if (!invalid) return false
  invalid.focus()
  return true
}
