/**
 * Renders Remix route components in happy-dom through `createRemixStub` (@remix-run/testing),
 * and waits until the stub's loaders and actions have settled. The test file sets
 * `// @vitest-environment happy-dom`. The unit project points the stub at the router Remix
 * itself uses (vitest.config.ts).
 */
import { createRemixStub } from "@remix-run/testing"
import React, { act } from "react"
import { createRoot, type Root } from "react-dom/client"
import { afterEach, vi } from "vitest"

void React // the classic JSX transform of the unit project needs React in scope
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export type StubRoutes = Parameters<typeof createRemixStub>[0]

/** Lets pending loaders, actions and effects finish. */
export async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  }
}

/**
 * Mounts the routes at `url`; answers the container and what React or the router reported
 * (console errors, and warnings other than React Router's notes about its next major version).
 */
export async function renderRoutes(routes: StubRoutes, url: string) {
  const problems: string[] = []
  const error = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => problems.push(args.map(String).join(" ")))
  const warn = vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(" ")
    if (!text.includes("React Router Future Flag Warning")) problems.push(text)
  })
  const container = document.createElement("div")
  document.body.append(container)
  const Stub = createRemixStub(routes)
  let root: Root | null = null
  await act(async () => {
    root = createRoot(container)
    root.render(<Stub initialEntries={[url]} />)
  })
  await settle()
  return {
    container,
    problems,
    /** Unmounts and restores the console. */
    cleanup() {
      act(() => root?.unmount())
      container.remove()
      error.mockRestore()
      warn.mockRestore()
    },
  }
}

/**
 * Unmounts, after each test, the page the test rendered last: in a describe block,
 * `const unmountAfterTest = unmountAfterEach()`, then `unmountAfterTest(page)` once rendered.
 */
export function unmountAfterEach() {
  let cleanup: (() => void) | null = null
  afterEach(() => {
    cleanup?.()
    cleanup = null
  })
  return (page: { cleanup: () => void }) => {
    cleanup = page.cleanup
  }
}

/** Submits a form the way a browser does (its submitter's name and value included). */
export async function submit(button: HTMLButtonElement) {
  await act(async () => {
    button.click()
  })
  await settle()
}

/** Sets an input's value so React's change handlers see it. */
export function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), "value")?.set
  setter?.call(input, value)
  input.dispatchEvent(new Event("input", { bubbles: true }))
}

/**
 * A rendered table as a reader takes it in: its caption, its column headers, and the text of each
 * cell of the rows marked `data-testid={rowTestId}`.
 */
export function tableText(root: ParentNode, rowTestId: string) {
  const texts = (cells: Iterable<Element>) => [...cells].map((cell) => cell.textContent)
  return {
    caption: root.querySelector("caption")?.textContent,
    headers: texts(root.querySelectorAll("thead th")),
    rows: [...root.querySelectorAll(`[data-testid="${rowTestId}"]`)].map((row) => texts(row.querySelectorAll("td"))),
  }
}
