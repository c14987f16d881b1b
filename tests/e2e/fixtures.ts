import { test as base, expect } from "@playwright/test"

/**
 * Every spec imports `test` from here: the store's URLs exist only once
 * global-setup has started it, after the config was read.
 */
export const test = base.extend<{ backendUrl: string; publishableKey: string }>({
  baseURL: async ({}, use) => use(process.env.STOREFRONT_URL),
  backendUrl: async ({}, use) => use(process.env.BACKEND_URL!),
  publishableKey: async ({}, use) => use(process.env.PUBLISHABLE_KEY!),
})

export { expect }
