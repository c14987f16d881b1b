/**
 * A staff list's filters (products, prescription requests): a GET form to the list's page. With
 * JavaScript, Apply and every change of a choice navigate at once to the clean URL of the list's
 * first page (without, the form submits every field, Apply included).
 */
import { Form, useNavigate } from "@remix-run/react"
import type { ReactNode } from "react"

import { SelectField } from "~/components/form-fields"

export function FilterBar({
  action,
  label,
  className,
  hrefFor,
  children,
}: {
  action: string
  label: string
  className: string
  /** The list's URL for the chosen values (each read trimmed by name). */
  hrefFor: (value: (name: string) => string) => string
  children: ReactNode
}) {
  const navigate = useNavigate()
  return (
    <Form
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault()
        const values = new FormData(event.currentTarget)
        navigate(hrefFor((name) => String(values.get(name) ?? "").trim()))
      }}
      className={className}
      aria-label={label}
    >
      {children}
    </Form>
  )
}

/** One choice of a filter bar (id `filter-<name>`), applied as soon as it changes. */
export function FilterSelect({
  name,
  label,
  value,
  options,
  placeholder,
}: {
  name: string
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  /** The first choice, for no filter ("All categories"). */
  placeholder?: string
}) {
  return (
    <SelectField
      id={`filter-${name.replaceAll("_", "-")}`}
      markOptional={false}
      name={name}
      label={label}
      defaultValue={value}
      // A new value (a link, back and forward) shows even though the select is uncontrolled.
      key={`${name}-${value}`}
      onChange={(event) => event.currentTarget.form?.requestSubmit()}
      options={options}
      placeholder={placeholder}
    />
  )
}
