import type { MetaFunction } from "@remix-run/node"

/** Any URL no other route matches: a real 404 status with the not-found page. */
export async function loader() {
  throw new Response("Not Found", { status: 404 })
}

export const meta: MetaFunction = () => [{ title: "Page not found" }]

export default function NotFound() {
  return null
}
