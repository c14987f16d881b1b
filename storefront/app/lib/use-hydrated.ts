import { useSyncExternalStore } from "react"

const subscribe = () => () => {}

/** False on the server and while hydrating, true once the page's script runs (no effect, no second render). */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false
  )
