/**
 * The product form of Add Product and of the product list's inline edit
 * (spec §4, §5): name, description, category, flags, the picture (image files
 * only) and 1 to 5 variant rows. Without JavaScript, Add Variant and Remove
 * are submit buttons the action answers with the new rows; with JavaScript
 * they change the rows in place. Errors sit beside their fields.
 */
import { Form, Link } from "@remix-run/react"
import { type ReactNode, useEffect, useRef, useState } from "react"

import { FieldError, focusFirstInvalid, FormAlert, inputClass, SelectField, TextAreaField, TextField } from "~/components/form-fields"

import { buttonClass, secondaryButtonClass } from "./button-styles"
import { CsrfField } from "./CsrfField"
import {
  emptyVariant,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_TYPES_ACCEPTED,
  MAX_IMAGE_MB,
  MAX_VARIANTS,
  MAX_VARIANTS_HINT,
  ONLY_VARIANT_HINT,
  type ProductFormErrors,
  type ProductFormValues,
  type VariantRow,
  withoutRow,
} from "./product-form"

export type ProductEditorProps = {
  /** Ids of the fields start with it (two editors may never share one). */
  idPrefix: string
  values: ProductFormValues
  errors: ProductFormErrors
  categories: { id: string; name: string }[]
  /** The form's message after a failed save. */
  formError?: { message: string; detail: string | null } | null
  /** Something the action answered: focus goes to the first error. */
  answered?: unknown
  /** Shown above the picture field, e.g. the current picture. */
  currentImage?: { src: string; alt: string } | null
  /** A picture was chosen before the action answered: browsers cannot keep it. */
  imageDropped?: boolean
  submitLabel: string
  submittingLabel: string
  submitting: boolean
  cancelTo?: string
  /** Hidden fields the route needs (ids, return URL). */
  children?: ReactNode
  labelledBy?: string
}

const ACCEPTED = IMAGE_TYPES_ACCEPTED.split(",")

/** A variant's three fields, in their order on the form. */
const VARIANT_FIELDS = [
  { field: "name", label: "Variant Name", input: { maxLength: 100 } },
  { field: "price", label: "Price ($)", input: { type: "number", inputMode: "decimal", min: 0, step: 0.01 } },
  { field: "stock", label: "Stock", input: { type: "number", inputMode: "numeric", min: 0, step: 1 } },
] as const

export function ProductEditor(props: ProductEditorProps) {
  const {
    idPrefix,
    values,
    errors,
    categories,
    formError,
    answered,
    currentImage,
    imageDropped,
    submitLabel,
    submittingLabel,
    submitting,
    cancelTo,
    children,
    labelledBy,
  } = props
  const [rows, setRows] = useState<VariantRow[]>(values.variants)
  const [rowsChanged, setRowsChanged] = useState(false)
  const [imageError, setImageError] = useState<string | null>(null)
  // The row whose name field takes the focus after the next render (a row added or removed).
  const focusRow = useRef<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const id = (name: string) => `${idPrefix}-${name}`

  // After the action answered with errors: the first invalid field, else the form's message.
  useEffect(() => {
    if (answered === undefined || answered === null) return
    if (!focusFirstInvalid(formRef.current)) formRef.current?.querySelector<HTMLElement>("[role=alert]")?.focus()
  }, [answered])

  useEffect(() => {
    if (!focusRow.current) return
    const input = document.getElementById(id(`variant-${focusRow.current}-name`))
    ;(input ?? addButton.current)?.focus()
    focusRow.current = null
  })

  // Row messages are by position: once rows are added or removed in place, the old ones no longer fit.
  const rowError = (index: number, field: string) => (rowsChanged ? null : (errors[`variants.${index}.${field}`] ?? null))
  const variantsError = rowsChanged ? null : (errors.variants ?? null)
  const full = rows.length >= MAX_VARIANTS
  const only = rows.length <= 1

  const addRow = (event: React.MouseEvent) => {
    event.preventDefault()
    if (full) return
    const row = emptyVariant()
    setRows([...rows, row])
    setRowsChanged(true)
    focusRow.current = row.key
  }
  const removeRow = (event: React.MouseEvent, index: number) => {
    event.preventDefault()
    if (only) return
    const next = withoutRow(rows, index)
    setRows(next)
    setRowsChanged(true)
    focusRow.current = next[Math.max(0, index - 1)].key
  }

  const checkImage = (input: HTMLInputElement) => {
    const file = input.files?.[0]
    if (!file) return setImageError(null)
    if (!ACCEPTED.includes(file.type)) {
      input.value = ""
      return setImageError(IMAGE_TYPE_MESSAGE)
    }
    if (file.size > MAX_IMAGE_MB * 1024 * 1024) {
      input.value = ""
      return setImageError(IMAGE_SIZE_MESSAGE)
    }
    setImageError(null)
  }

  const imageHint = [
    currentImage ? "Leave empty to keep the current picture." : "Optional.",
    `PNG, JPEG, GIF or WebP, at most ${MAX_IMAGE_MB} MB.`,
    imageDropped ? "Please choose the picture again." : "",
  ]
    .filter(Boolean)
    .join(" ")

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      preventScrollReset
      aria-labelledby={labelledBy}
      className="space-y-5"
    >
      {/* Enter in a field saves (the first submit button is the default one). */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
      <CsrfField />
      {children}
      {formError ? <FormAlert message={formError.message} detail={formError.detail} /> : null}

      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          id={id("name")}
          name="name"
          label="Product Name"
          required
          maxLength={200}
          defaultValue={values.name}
          error={errors.name}
        />
        <SelectField
          id={id("category")}
          name="category"
          label="Category"
          required
          defaultValue={values.category}
          error={errors.category}
          placeholder="Select a category"
          options={categories.map((category) => ({ value: category.id, label: category.name }))}
        />
        <TextAreaField
          id={id("description")}
          name="description"
          label="Description"
          required
          rows={4}
          maxLength={5000}
          defaultValue={values.description}
          error={errors.description}
          className="md:col-span-2"
        />
      </div>

      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="sr-only">Flags</legend>
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            name="prescription"
            value="true"
            defaultChecked={values.prescription}
            className="h-4 w-4 accent-brand-700"
          />
          Prescription required (Rx)
        </label>
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input type="checkbox" name="is_popular" value="true" defaultChecked={values.is_popular} className="h-4 w-4 accent-brand-700" />
          Popular
        </label>
      </fieldset>

      <div>
        <label htmlFor={id("image")} className="field-label block">
          Product Image
        </label>
        {currentImage ? (
          <img
            src={currentImage.src}
            alt={currentImage.alt}
            width={64}
            height={64}
            className="mt-2 h-16 w-16 rounded-lg border border-slate-200 bg-slate-50 object-contain"
          />
        ) : null}
        <input
          id={id("image")}
          name="image"
          type="file"
          accept={IMAGE_TYPES_ACCEPTED}
          onChange={(event) => checkImage(event.currentTarget)}
          aria-invalid={imageError || errors.image ? true : undefined}
          aria-describedby={[id("image-hint"), imageError || errors.image ? id("image-error") : null].filter(Boolean).join(" ")}
          className={`${inputClass} border-slate-400 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800`}
        />
        <p id={id("image-hint")} className="mt-1 text-xs text-slate-600">
          {imageHint}
        </p>
        <FieldError id={id("image")} error={imageError ?? errors.image} />
      </div>

      <fieldset aria-describedby={[id("variants-hint"), variantsError ? id("variants-error") : null].filter(Boolean).join(" ")}>
        <legend className="text-base font-bold">
          Variants{" "}
          <span className="font-normal text-slate-600">
            ({rows.length} of {MAX_VARIANTS})
          </span>
        </legend>
        <p id={id("variants-hint")} className="mt-1 text-xs text-slate-600">
          Each variant needs a name, a price and a stock. {full ? `${MAX_VARIANTS_HINT}.` : ""} {only ? `${ONLY_VARIANT_HINT}.` : ""}
        </p>
        <FieldError id={id("variants")} error={variantsError} />
        <ol className="mt-3 space-y-3">
          {rows.map((row, index) => (
            <li key={row.key} className="rounded-xl border border-slate-200 bg-slate-50 p-3" data-testid="variant-row">
              <fieldset>
                <legend className="text-sm font-semibold text-slate-700">Variant {index + 1}</legend>
                <input type="hidden" name="variant_id" value={row.id} />
                <input type="hidden" name="variant_original" value={row.original} />
                <div className="mt-2 grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start">
                  {VARIANT_FIELDS.map(({ field, label, input }) => (
                    <TextField
                      key={field}
                      id={id(`variant-${row.key}-${field}`)}
                      name={`variant_${field}`}
                      label={label}
                      required
                      defaultValue={row[field]}
                      error={rowError(index, field)}
                      {...input}
                    />
                  ))}
                  <button
                    type="submit"
                    name="intent"
                    value={`remove-variant-${index}`}
                    onClick={(event) => removeRow(event, index)}
                    aria-disabled={only || undefined}
                    aria-describedby={only ? id("variants-hint") : undefined}
                    className={`${secondaryButtonClass} sm:mt-6`}
                  >
                    Remove<span className="sr-only"> variant {index + 1}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <button
          ref={addButton}
          type="submit"
          name="intent"
          value="add-variant"
          onClick={addRow}
          aria-disabled={full || undefined}
          aria-describedby={full ? id("variants-hint") : undefined}
          className={`${secondaryButtonClass} mt-3`}
        >
          Add Variant
        </button>
      </fieldset>

      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
        <button type="submit" name="intent" value="save" className={buttonClass} disabled={submitting}>
          {submitting ? submittingLabel : submitLabel}
        </button>
        {cancelTo ? (
          <Link to={cancelTo} preventScrollReset className={secondaryButtonClass}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  )
}
