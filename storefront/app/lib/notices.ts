/**
 * Messages the legacy site showed with `window.alert` ("… added to cart!"),
 * shown instead in a polite live region (components/Notices.tsx) that never
 * blocks the page.
 */
import { useSyncExternalStore } from "react"

export type Notice = { id: number; text: string; link?: { to: string; label: string } }

let notices: Notice[] = []
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())
const EMPTY: Notice[] = []

export function showNotice(text: string, link?: Notice["link"]): number {
  const id = nextId++
  // The newest message replaces older ones: one notice at a time is easier to follow.
  notices = [{ id, text, link }]
  emit()
  return id
}

export function dismissNotice(id: number) {
  const next = notices.filter((notice) => notice.id !== id)
  if (next.length !== notices.length) {
    notices = next
    emit()
  }
}

export const useNotices = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => notices,
    () => EMPTY
  )
