import { expect, test } from "./fixtures"

/**
 * The backend limits anonymous prescription requests (and orders) per client (issue 15). The
 * storefront submits them for every shopper, so it passes each shopper's address on, and the
 * backend trusts it as a proxy: one busy storefront is many clients, not one. The test stack
 * allows 20 requests a minute per shopper (scripts/lib/test-stack.mjs); here two shoppers reach
 * the storefront through a proxy that names them in X-Forwarded-For.
 */
test("each shopper is limited on their own: the one over the limit is told why, another goes on", async ({ playwright, baseURL }) => {
  const shopper = async (address: string) => {
    const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } })
    const verified = await context.post("/age-check", { form: { age: "over18" }, maxRedirects: 0 })
    expect(verified.status()).toBe(302)
    return context
  }
  const submit = (context: Awaited<ReturnType<typeof shopper>>, n: number) =>
    context.post("/insulin-form", {
      form: { name: "Sam Doe", email: `limit-${n}-${Date.now()}@example.com`, phone: "555-010-2000", age: "40" },
      maxRedirects: 0,
    })

  const busy = await shopper("198.51.100.77")
  const other = await shopper("198.51.100.78")
  for (let i = 0; i < 20; i++) {
    const sent = await submit(busy, i)
    expect(sent.status(), `request ${i + 1}`).toBe(302)
    expect(sent.headers().location).toBe("/confirmation?form=insulin")
  }
  const refused = await submit(busy, 20)
  expect(refused.status()).toBe(200) // the form again, with the reason
  expect(await refused.text()).toMatch(/Error 429: Too many requests from your connection\. Please try again in \d+ second\(s\)\./)
  expect((await submit(other, 21)).status()).toBe(302)
  await busy.dispose()
  await other.dispose()
})
