/**
 * The Content-Security-Policy nonce of the page being rendered (decision 0040).
 * The storefront's server (server/index.mjs) makes one per response and passes
 * it in Remix's load context; app/entry.server.tsx provides it to the tree, and
 * the root layout puts it on Remix's inline scripts. In the browser and in
 * `npm run dev` (Vite, no policy) there is none.
 */
import { createContext, useContext } from "react"

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Set by server/index.mjs for every request. */
    cspNonce?: string
  }
}

export const NonceContext = createContext<string | undefined>(undefined)

export const useNonce = () => useContext(NonceContext)
