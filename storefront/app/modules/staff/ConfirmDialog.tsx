import { Link, useNavigate } from "@remix-run/react"
import { type ReactNode, useEffect, useId, useRef } from "react"

import { dangerButtonClass, secondaryButtonClass } from "./button-styles"
import { ActionError, type ActionFailure, IntentForm } from "./IntentForm"

/**
 * The spec's delete confirmations ("Are you sure you want to delete this
 * ...?") without `window.confirm`: the page's URL says which item is being
 * deleted (`?delete=<id>`), so the question also works without JavaScript
 * (an open, inline dialog). With JavaScript it is modal: focus starts on
 * Cancel, Escape cancels, focus is kept inside. Confirming posts the item's
 * `id` with the `intent`; a refusal shows under the question.
 */
export function ConfirmDialog({
  question,
  children,
  cancelTo,
  confirm,
  failure,
}: {
  question: string
  /** What is being deleted. */
  children?: ReactNode
  cancelTo: string
  /** The confirming button: its text, and what it posts. */
  confirm: { id: string; intent: string; label: string; busy: boolean; fields?: Record<string, string> }
  failure?: ActionFailure | null
}) {
  const { label, ...action } = confirm
  const ref = useRef<HTMLDialogElement>(null)
  const cancelRef = useRef<HTMLAnchorElement>(null)
  const navigate = useNavigate()
  const titleId = useId()
  const bodyId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (dialog.open) dialog.close() // rendered open for pages without JavaScript
    dialog.showModal()
    cancelRef.current?.focus()
    return () => {
      if (dialog.open) dialog.close()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      className="relative z-10 my-3 w-full max-w-md rounded-2xl border border-slate-200 bg-white p-5 text-ink shadow-xl backdrop:bg-slate-900/40 open:block"
      onCancel={(event) => {
        event.preventDefault()
        navigate(cancelTo, { preventScrollReset: true, replace: true })
      }}
    >
      <h2 id={titleId} className="text-lg font-bold">
        {question}
      </h2>
      {children ? (
        <div id={bodyId} className="mt-2 text-sm text-slate-700">
          {children}
          <ActionError failure={failure} />
        </div>
      ) : null}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Link ref={cancelRef} to={cancelTo} preventScrollReset replace className={secondaryButtonClass}>
          Cancel
        </Link>
        <IntentForm {...action} buttonClassName={dangerButtonClass} preventScrollReset>
          {label}
        </IntentForm>
      </div>
    </dialog>
  )
}
