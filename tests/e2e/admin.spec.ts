/**
 * The staff area's session (issue 7, spec §4, §7): login failure and success,
 * gated pages, the cookie's flags, the transparent refresh of an expired
 * access token (the e2e backend issues 20-second access tokens, see
 * scripts/lib/test-stack.mjs), the end of a session whose refresh is refused,
 * logout and forged forms.
 */
import AxeBuilder from "@axe-core/playwright"
import type { APIRequestContext, Page } from "@playwright/test"

import { totp, wrongTotp } from "../support/totp"
import { expect, test } from "./fixtures"
import { consoleErrors } from "./helpers"
import { SEEDED_ADMIN as STAFF } from "./staff-sign-in"

const ACCESS_TOKEN_SECONDS = 20

/** Logs out and waits until the logout has landed (a sign-in started sooner would cancel its request). */
async function logOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click()
  await expect(page.getByRole("status").filter({ hasText: "You have been logged out." })).toBeVisible()
}

async function signIn(page: Page, credentials = STAFF) {
  await page.goto("/admin")
  await page.getByLabel("Username").fill(credentials.username)
  await page.getByLabel("Password").fill(credentials.password)
  await page.getByRole("button", { name: "Login" }).click()
}

const sessionCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "admin_session")

test("login: blank fields and wrong credentials are refused with the spec's messages; success opens the dashboard with a protected cookie", async ({
  page,
}) => {
  const errors = consoleErrors(page)
  const response = await page.goto("/admin")
  expect(response?.headers()["cache-control"]).toBe("private, no-store")
  await expect(page.getByRole("heading", { name: "Admin Login", level: 1 })).toBeVisible()

  // Spec §5: both required, the messages beside the fields, focus on the first.
  await page.getByRole("button", { name: "Login" }).click()
  await expect(page.getByLabel("Username")).toHaveAccessibleDescription("Username is required")
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Password is required")
  await expect(page.getByLabel("Username")).toBeFocused()

  // Spec §8: the server's detail message.
  await page.getByLabel("Username").fill(STAFF.username)
  await page.getByLabel("Password").fill("not-the-password")
  await page.getByRole("button", { name: "Login" }).click()
  await expect(page.getByRole("alert")).toHaveText("No active account found with the given credentials.")
  await expect(page).toHaveURL(/\/admin(\?index)?$/)
  expect(await sessionCookie(page)).toBeDefined() // the login form's anti-forgery session only
  await expect(page.getByRole("navigation", { name: "Staff" })).toHaveCount(0)

  await page.getByLabel("Password").fill(STAFF.password)
  await page.getByLabel("Password").press("Enter")
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible()
  const cards = page.getByRole("list", { name: "Staff tools" }).getByRole("link")
  await expect(cards).toHaveText([/^Products/, /^Categories/, /^Add Product/, /^Orders/])
  await expect(page.getByText(`Signed in as ${STAFF.username}`)).toBeVisible()

  // The tokens live only in an HttpOnly, SameSite cookie: nothing for page scripts.
  const cookie = await sessionCookie(page)
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true, path: "/" })
  expect(await page.evaluate(() => document.cookie)).not.toContain("admin_session")
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toMatch(/access|refresh|eyJ/)
  expect((await page.content()).includes(cookie!.value)).toBe(false)

  // The dashboard's cards lead to the pages.
  await cards.filter({ hasText: "Orders" }).click()
  await expect(page).toHaveURL(/\/admin\/order-details$/)
  await expect(page.getByRole("heading", { name: "Order Details" })).toBeVisible()
  expect(errors).toEqual([])
})

test("every staff page without a session redirects to /admin, and signing in goes back to the page asked for", async ({ page }) => {
  const pages = ["/admin/dashboard", "/admin/categories", "/admin/products", "/admin/add-product", "/admin/order-details"]
  for (const path of [...pages, "/admin/prescriptions", "/admin/prescriptions/orders", "/admin/security"]) {
    const response = await page.request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBe(302)
    expect(response.headers()["location"], path).toBe(`/admin?redirectTo=${encodeURIComponent(path)}`)
  }
  // Actions too: nothing is done without a session.
  const post = await page.request.post("/admin/categories", { form: { intent: "add", name: "Sneaky" }, maxRedirects: 0 })
  expect(post.status()).toBe(302)

  await page.goto("/admin/products?sort=name_asc")
  await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fproducts%3Fsort%3Dname_asc$/)
  await page.getByLabel("Username").fill(STAFF.username)
  await page.getByLabel("Password").fill(STAFF.password)
  await page.getByRole("button", { name: "Login" }).click()
  await expect(page).toHaveURL(/\/admin\/products\?sort=name_asc$/)
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible()
  // Signed in, the login page goes to the dashboard.
  await page.goto("/admin")
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})

test("an expired access token is refreshed transparently", async ({ page }) => {
  test.setTimeout(90_000)
  await signIn(page)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  const before = (await sessionCookie(page))!.value
  await page.waitForTimeout((ACCESS_TOKEN_SECONDS + 2) * 1000)

  // The prescription requests are for staff only: the expired token gets a 401, then one refresh and the retry.
  const response = await page.goto("/admin/prescriptions")
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL(/\/admin\/prescriptions$/)
  await expect(page.getByRole("heading", { name: "Prescription Review", level: 1 })).toBeVisible()
  await expect(page.getByRole("alert")).toHaveCount(0)
  const after = (await sessionCookie(page))!.value
  expect(after).not.toBe(before) // the new access token was stored in the session

  // A client-side navigation with the refreshed session needs no new refresh.
  await page.getByRole("link", { name: /^Orders held for review/ }).click()
  await expect(page).toHaveURL(/\/admin\/prescriptions\/orders$/)
  await expect(page.getByRole("alert")).toHaveCount(0)
  expect((await sessionCookie(page))!.value).toBe(after)
})

/** A second staff member, made through Medusa's admin API (an invite, accepted). */
async function createStaffMember(request: APIRequestContext, backendUrl: string) {
  const admin = await request.post(`${backendUrl}/auth/user/emailpass`, { data: { email: STAFF.username, password: STAFF.password } })
  const adminToken = (await admin.json()).token as string
  const email = `temp-staff-${Date.now()}@example.com`
  const password = "temporary-password-1"
  const invite = await request.post(`${backendUrl}/admin/invites`, { data: { email }, headers: { authorization: `Bearer ${adminToken}` } })
  expect(invite.ok()).toBe(true)
  const inviteToken = (await invite.json()).invite.token as string
  const registered = await request.post(`${backendUrl}/auth/user/emailpass/register`, { data: { email, password } })
  const registrationToken = (await registered.json()).token as string
  const accepted = await request.post(`${backendUrl}/admin/invites/accept?token=${encodeURIComponent(inviteToken)}`, {
    data: { first_name: "Temp", last_name: "Staff" },
    headers: { authorization: `Bearer ${registrationToken}` },
  })
  expect(accepted.ok()).toBe(true)
  const userId = (await accepted.json()).user.id as string
  return {
    credentials: { username: email, password },
    remove: async () => {
      const removed = await request.delete(`${backendUrl}/admin/users/${userId}`, { headers: { authorization: `Bearer ${adminToken}` } })
      expect(removed.ok()).toBe(true)
    },
  }
}

test("when the refresh is refused (the staff member was removed), the session is cleared and the user goes to /admin", async ({
  page,
  request,
  backendUrl,
}) => {
  const member = await createStaffMember(request, backendUrl)
  await signIn(page, member.credentials)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.goto("/admin/order-details")
  await expect(page.getByRole("heading", { name: "Order Details", level: 1 })).toBeVisible()

  // Removed in Medusa Admin: the access token is refused, and so is the refresh.
  await member.remove()
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Prescriptions" }).click()
  await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fprescriptions$/)
  await expect(page.getByRole("status").filter({ hasText: "Your session has expired. Please sign in again." })).toBeVisible()
  await expect(page.getByRole("navigation", { name: "Staff" })).toHaveCount(0)
  // Both tokens are gone: the pages stay closed.
  await page.goto("/admin/dashboard")
  await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fdashboard$/)
})

test("staff turn on two-step sign-in in the staff area; then every sign-in asks for the app's code", async ({
  page,
  request,
  backendUrl,
}) => {
  const errors = consoleErrors(page)
  const member = await createStaffMember(request, backendUrl)
  await signIn(page, member.credentials)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Security" }).click()
  await expect(page).toHaveURL(/\/admin\/security$/)
  await expect(page.getByText("Off.", { exact: false })).toBeVisible()

  // A wrong first code is refused beside the field, with the secret still shown.
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click()
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "")
  await page.getByLabel("Code from the app").fill(wrongTotp(secret))
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click()
  await expect(page.getByLabel("Code from the app")).toHaveAccessibleDescription(/^That code is not right\./)
  await expect(page.getByTestId("totp-secret")).toHaveText(secret.match(/.{4}/g)!.join(" "))
  await page.getByLabel("Code from the app").fill(totp(secret))
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Two-step sign-in is on." })).toBeVisible()
  await expect(page.getByTestId("two-step-on")).toBeVisible()
  await logOut(page)

  // The password alone now leads to the code step (a plain form), where a wrong code is refused.
  await signIn(page, member.credentials)
  await expect(page.getByLabel("Authentication code")).toBeFocused()
  await expect(page.getByRole("navigation", { name: "Staff" })).toHaveCount(0)
  await audit(page, "two-step code step")
  await page.getByLabel("Authentication code").fill(wrongTotp(secret))
  await page.getByRole("button", { name: "Verify" }).click()
  await expect(page.getByLabel("Authentication code")).toHaveAccessibleDescription(/That code is not right\./)
  await page.getByLabel("Authentication code").fill(totp(secret))
  await page.getByRole("button", { name: "Verify" }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByText(`Signed in as ${member.credentials.username}`)).toBeVisible()
  // The browser keeps the backend's known-device marker, out of page scripts' reach, for the staff area only.
  const marker = (await page.context().cookies()).find((c) => c.name === "admin_known_device")
  expect(marker).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/admin" })

  // "Use another account" leaves the code step.
  await logOut(page)
  await signIn(page, member.credentials)
  await page.getByRole("button", { name: "Use another account" }).click()
  await expect(page.getByLabel("Username")).toBeVisible()
  await member.remove()
  expect(errors).toEqual([])
})

test("logout clears the session and returns to /admin", async ({ page }) => {
  await signIn(page)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.getByRole("button", { name: "Logout" }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole("status").filter({ hasText: "You have been logged out." })).toBeVisible()
  await page.goto("/admin/dashboard")
  await expect(page).toHaveURL(/\/admin\?redirectTo=%2Fadmin%2Fdashboard$/)
  // Logging out needs a form of this site: a plain GET does nothing but show the login page.
  const get = await page.request.get("/admin/logout", { maxRedirects: 0 })
  expect(get.headers()["location"]).toBe("/admin")
})

test("a session cookie copied before logout no longer opens the staff area afterwards", async ({ page, browser, baseURL }) => {
  await signIn(page)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  const copied = (await sessionCookie(page))!
  // Someone else's browser with the copied cookie is signed in, for now.
  const thief = await browser.newContext({ baseURL })
  await thief.addCookies([copied])
  const stolen = await thief.newPage()
  await stolen.goto("/admin/dashboard")
  await expect(stolen.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible()

  await page.getByRole("button", { name: "Logout" }).click()
  await expect(page.getByRole("status").filter({ hasText: "You have been logged out." })).toBeVisible()

  // The session ended on the server: the same cookie is refused on every page.
  for (const path of ["/admin/dashboard", "/admin/categories"]) {
    await stolen.goto(path)
    await expect(stolen).toHaveURL(/\/admin(\?redirectTo=.*)?$/)
    await expect(stolen.getByRole("heading", { name: "Admin Login", level: 1 })).toBeVisible()
  }
  await thief.close()
})

test("admin forms from another site or without the session's token are refused and change nothing", async ({
  page,
  request,
  backendUrl,
}) => {
  await signIn(page)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  const categories = async () => (await (await request.get(`${backendUrl}/api/categories/`)).json()).map((c: { name: string }) => c.name)
  const before = await categories()
  const csrf = await page.goto("/admin/categories").then(() => page.locator("input[name=csrf]").first().inputValue())

  const forged = await page.request.post("/admin/categories", {
    form: { intent: "add", name: "Forged Category", csrf: "not-the-token" },
    maxRedirects: 0,
  })
  expect(forged.status()).toBe(403)
  const foreign = await page.request.post("/admin/categories", {
    form: { intent: "add", name: "Forged Category", csrf },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  })
  // Remix itself aborts a form post whose Origin is another host (500) before our own check (403) runs.
  expect(foreign.status()).toBeGreaterThanOrEqual(403)
  expect(await categories()).toEqual(before)
})

/** WCAG 2.1 A and AA plus axe's best practices, as tests/e2e/accessibility.spec.ts checks the shop; and no sideways scrolling. */
async function audit(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
  const found = results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
  expect(found, label).toEqual([])
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0)
}

const PAGES: [string, (page: Page) => Promise<void>][] = [
  [
    "login and dashboard",
    async (page) => {
      await page.context().clearCookies()
      await page.goto("/admin")
      await page.getByRole("button", { name: "Login" }).click()
      await expect(page.getByLabel("Username")).toHaveAccessibleDescription("Username is required")
      await audit(page, "login with errors")
      await signIn(page)
      await expect(page).toHaveURL(/\/admin\/dashboard$/)
      await audit(page, "dashboard")
    },
  ],
  [
    "categories",
    async (page) => {
      await page.goto("/admin/categories")
      await audit(page, "categories")
      await page
        .getByRole("link", { name: /^Edit / })
        .first()
        .click()
      await expect(page.getByRole("button", { name: "Save" })).toBeVisible()
      await audit(page, "category edit")
      await page.goto("/admin/categories")
      await page
        .getByRole("link", { name: /^Delete / })
        .first()
        .click()
      await expect(page.getByRole("dialog")).toBeVisible()
      await audit(page, "category delete question")
    },
  ],
  [
    "products",
    async (page) => {
      await page.goto("/admin/products")
      await audit(page, "products")
      await page
        .getByRole("link", { name: /^Edit / })
        .first()
        .click()
      await expect(page.getByRole("button", { name: "Save" })).toBeVisible()
      await audit(page, "product edit")
      await page.goto("/admin/add-product")
      await page.getByRole("button", { name: "Add Product" }).click()
      await expect(page.getByLabel("Product Name")).toHaveAccessibleDescription("Product name is required")
      await audit(page, "add product with errors")
    },
  ],
  [
    "security and two-step sign-in",
    async (page) => {
      await page.goto("/admin/security")
      await audit(page, "security")
      // Starts a setup (not finished: the seeded admin keeps signing in by password in the other tests).
      await page.getByRole("button", { name: "Set up two-step sign-in" }).click()
      await expect(page.getByTestId("totp-secret")).toBeVisible()
      await audit(page, "two-step setup")
    },
  ],
  [
    "orders and prescriptions",
    async (page) => {
      await page.goto("/admin/order-details?id=HH-2222-3333")
      await expect(page.getByRole("alert")).toHaveText("Order not found")
      await audit(page, "order not found")
      await page.goto("/admin/prescriptions")
      await audit(page, "prescription requests")
      await page.goto("/admin/prescriptions/orders")
      await audit(page, "held orders")
    },
  ],
]

for (const width of [1280, 360]) {
  for (const [name, visit] of PAGES) {
    test(`staff pages (${name}) have no accessibility problems and fit ${width} px`, async ({ page }) => {
      test.slow() // several full axe scans of long staff pages: up to ~15 s each on a busy 2-core machine
      await page.setViewportSize({ width, height: 900 })
      if (name !== "login and dashboard") {
        await signIn(page)
        await expect(page).toHaveURL(/\/admin\/dashboard$/)
      }
      await visit(page)
    })
  }
}
