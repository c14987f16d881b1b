import { useRouteLoaderData } from "@remix-run/react"

/** The hidden anti-forgery field every staff form posts (the token comes from the admin layout's loader; decision 0030). */
export function CsrfField() {
  const layout = useRouteLoaderData<{ csrf: string }>("routes/admin")
  return <input type="hidden" name="csrf" value={layout?.csrf ?? ""} />
}
