import { expect, test } from "./fixtures"
import { consoleErrors } from "./helpers"

const SUPPORT_HOURS = "Monday to Friday, 9:00 AM to 6:00 PM Eastern"

test("every public page has its title, description and heading", async ({ page }) => {
  const pages = [
    ["/about-us", "About Us", true],
    ["/privacypolicy", "Privacy Policy", true],
    ["/refundandreturn", "Refund and Returns Policy", true],
    ["/shippingpolicy", "Shipping Policy", true],
    ["/faq", "FAQ", true],
    ["/blog", "Health Blog", true],
    ["/age-check", "Age Verification", false],
  ] as const
  for (const [path, title, cacheable] of pages) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    if (cacheable) expect(response?.headers()["cache-control"], path).toMatch(/^public, max-age=\d+/)
    await expect(page).toHaveTitle(`${title} | Harbor Health Pharmacy`)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^.{40,}$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title)
  }
})

test("the policies state the HIPAA commitment, one free-shipping threshold and the same support hours", async ({ page }) => {
  await page.goto("/privacypolicy")
  await expect(page.getByText("Last updated: August 16, 2025")).toBeVisible()
  await expect(page.getByRole("heading", { name: "HIPAA statement" })).toBeVisible()
  await expect(page.getByRole("main")).toContainText("Health Insurance Portability and Accountability Act")
  await expect(page.getByRole("main")).toContainText("children under 18")

  await page.goto("/shippingpolicy")
  const shipping = page.getByRole("main")
  await expect(shipping).toContainText("Free standard shipping on orders with a subtotal over $75.00")
  await expect(shipping).toContainText("flat $9.99")
  await expect(shipping).not.toContainText("$35")
  await expect(shipping).toContainText("1-2 business days")
  await expect(shipping).toContainText("3-7 business days")
  await expect(shipping).toContainText("1-3 business days")

  await page.goto("/refundandreturn")
  const refunds = page.getByRole("main")
  await expect(refunds).toContainText("within 30 days")
  await expect(refunds).toContainText("within 7 days of delivery")
  await expect(refunds).toContainText("7-10 business days")

  for (const path of ["/privacypolicy", "/shippingpolicy", "/refundandreturn", "/about-us"]) {
    await page.goto(path)
    await expect(page.getByRole("main").getByText(SUPPORT_HOURS, { exact: false }).first(), path).toBeVisible()
    await expect(page.getByRole("contentinfo")).toContainText(`Support: ${SUPPORT_HOURS}`)
  }
})

test("about us shows the mission, heritage, specialisations, advantages and a map with the address in text", async ({ page }) => {
  await page.goto("/about-us")
  for (const heading of ["Our mission", "Our heritage", "What we specialise in", "Why patients choose us"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible()
  }
  const map = page.locator("iframe")
  await expect(map).toHaveAttribute("src", /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/)
  await expect(map).toHaveAttribute("title", /Map showing Harbor Health Pharmacy at 1200 Commerce Street, Dallas, TX 75202/)
  await expect(page.locator("address")).toContainText("1200 Commerce Street")
})

test("the FAQ page is a placeholder; the footer links the categories and contact details", async ({ page }) => {
  const errors = consoleErrors(page)
  await page.goto("/faq")
  await expect(page.getByText("FAQ content coming soon")).toBeVisible()
  const footer = page.getByRole("contentinfo")
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/)
  await expect(footer.getByRole("link", { name: /\(\d{3}\)/ })).toHaveAttribute("href", /^tel:/)
  const categories = footer.getByRole("navigation", { name: "Categories" }).getByRole("link")
  await expect(categories).toHaveText(["Medical Weight Loss", "Diabetes Supplies", "Insulin"])
  await expect(categories.nth(1)).toHaveAttribute("href", "/shop?category=Diabetes%20Supplies")
  expect(errors).toEqual([])
})

test("the header: SHOP dropdown, mobile menu with FAQ, and the banner", async ({ page }) => {
  await page.goto("/")
  const nav = page.getByRole("navigation", { name: "Main" })
  for (const label of ["HOME", "BUY MEDICATION NOW", "APPLY FOR PRESCRIPTION", "ABOUT US", "BLOG"]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible()
  }
  await nav.getByText("SHOP").click()
  await nav.getByRole("link", { name: "Insulin" }).click()
  await expect(page).toHaveURL(/\/age-check\?redirectTo=%2Fshop%3Fcategory%3DInsulin$/)

  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/blog")
  await page.getByLabel("Menu").click()
  const mobile = page.getByRole("navigation", { name: "Mobile" })
  await expect(mobile.getByRole("link", { name: "FAQ" })).toBeVisible()
  await expect(mobile.getByRole("link", { name: "Diabetes Supply" })).toHaveAttribute("href", "/shop?category=Diabetes%20Supplies")
  await page.keyboard.press("Escape")
  await expect(mobile).toBeHidden()
  await page.getByLabel("Menu").click()
  await mobile.getByRole("link", { name: "FAQ" }).click()
  await expect(page).toHaveURL(/\/faq$/)
  await expect(mobile).toBeHidden() // closes on navigation
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  const toggle = page.getByRole("button", { name: /Pause announcement/ })
  await toggle.click()
  await expect(page.getByRole("button", { name: /Play announcement/ })).toHaveAttribute("aria-pressed", "true")
})
