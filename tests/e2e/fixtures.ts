import { type BrowserContext, type ConsoleMessage, expect, test as base } from "@playwright/test"

/** How Chromium reports a page's Content-Security-Policy refusing something. */
const CSP_VIOLATION = /Content[ -]Security[ -]Policy/i

/**
 * Whether the message comes from one of our documents (the test servers run on
 * this machine): a third-party frame's own policy (the map on /about-us) is not ours.
 */
function isOurs(message: ConsoleMessage) {
  const url = message.location().url
  if (!/^https?:/.test(url)) return true
  return ["localhost", "127.0.0.1", "[::1]"].includes(new URL(url).hostname)
}

const watched = new WeakSet<BrowserContext>()

/** Records the policy violations of every page of `context` in `violations`. */
function watch(context: BrowserContext, violations: string[]) {
  if (watched.has(context)) return
  watched.add(context)
  context.on("console", (message) => {
    if (CSP_VIOLATION.test(message.text()) && isOurs(message)) {
      violations.push(`${message.location().url || message.page()?.url()}: ${message.text()}`)
    }
  })
}

/**
 * Every spec imports `test` from here: the store's URLs exist only once
 * global-setup has started it, after the config was read.
 *
 * Every test also fails when a page broke the storefront's (or an upload's)
 * Content-Security-Policy (decision 0040), in the default context and in any
 * context a test makes with `browser.newContext()`. A test that provokes a
 * violation on purpose takes it out of `cspViolations` before it ends.
 */
export const test = base.extend<{ backendUrl: string; publishableKey: string; cspViolations: string[] }>({
  baseURL: async ({}, use) => use(process.env.STOREFRONT_URL),
  backendUrl: async ({}, use) => use(process.env.BACKEND_URL!),
  publishableKey: async ({}, use) => use(process.env.PUBLISHABLE_KEY!),
  cspViolations: [
    async ({ browser }, use) => {
      const violations: string[] = []
      const newContext = browser.newContext
      browser.newContext = async (...args) => {
        const context = await newContext.apply(browser, args)
        watch(context, violations)
        return context
      }
      try {
        await use(violations)
      } finally {
        browser.newContext = newContext
      }
      expect(violations, "Content-Security-Policy violations").toEqual([])
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    watch(context, cspViolations)
    await use(context)
  },
})

export { expect }
