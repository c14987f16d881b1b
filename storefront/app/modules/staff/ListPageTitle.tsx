import { FormAlert } from "~/components/form-fields"

/**
 * A staff list page's title, which takes the focus back when a form or dialog of the page closes
 * without a link to return to, and the notice of the last change ("Category deleted"), announced.
 */
export function ListPageTitle({ id, title, notice }: { id: string; title: string; notice: string | null | undefined }) {
  return (
    <>
      <h1 id={id} tabIndex={-1} className="page-title">
        {title}
      </h1>
      <div className="mt-4" aria-live="polite">
        {notice ? <FormAlert message={notice} tone="success" /> : null}
      </div>
    </>
  )
}
