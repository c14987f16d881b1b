import { expect, test } from "./fixtures"
import { consoleErrors } from "./helpers"

test("the blog lists ten posts; Read More, previous, back and next follow the list order", async ({ page }) => {
  const errors = consoleErrors(page)
  await page.goto("/blog")
  await expect(page).toHaveTitle("Health Blog | Harbor Health Pharmacy")
  const posts = page.getByTestId("blog-posts").getByRole("article")
  await expect(posts).toHaveCount(10)
  const titles = await posts.getByRole("heading").allTextContents()
  await expect(posts.first()).toContainText("Health")
  await expect(posts.first().locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, 2025$/)

  await posts
    .nth(1)
    .getByRole("link", { name: /^Read More/ })
    .click()
  await expect(page).toHaveURL(/\/blog\/2$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[1])
  await expect(page).toHaveTitle(`${titles[1]} | Harbor Health Pharmacy`)
  await expect(page.getByText(/^By /)).toBeVisible()
  await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem").first()).toHaveText(/^#\S+$/)
  await expect(page.locator(".blog-content h2").first()).toBeVisible()

  const more = page.getByRole("navigation", { name: "More posts" })
  await more.getByRole("link", { name: /Next/ }).click()
  await expect(page).toHaveURL(/\/blog\/3$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[2])
  await more.getByRole("link", { name: /Previous/ }).click()
  await more.getByRole("link", { name: /Previous/ }).click()
  await expect(page).toHaveURL(/\/blog\/1$/)
  await expect(more.getByRole("link", { name: /Previous/ })).toHaveCount(0)
  await more.getByRole("link", { name: "Back to Blog" }).click()
  await expect(page).toHaveURL(/\/blog$/)

  await page.goto("/blog/10")
  await expect(page.getByRole("navigation", { name: "More posts" }).getByRole("link", { name: /Next/ })).toHaveCount(0)
  expect(errors).toEqual([])
})

test("the sponsored post on digestive side effects carries its promo code", async ({ page }) => {
  await page.goto("/blog/10")
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Digestive Side Effects")
  await expect(page.getByTestId("promo-code")).toContainText("DISCOUNT10")
  await expect(page.getByTestId("promo-code")).toContainText("Sponsored")
})

test("unknown posts are 'Blog Post Not Found' with HTTP 404", async ({ page }) => {
  for (const path of ["/blog/999", "/blog/abc", "/blog/0"]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole("heading", { name: "Blog Post Not Found" })).toBeVisible()
  }
  await page.getByRole("main").getByRole("link", { name: "Back to Blog" }).click()
  await expect(page).toHaveURL(/\/blog$/)
})

test("a category without posts offers View All Posts", async ({ page }) => {
  await page.goto("/blog?category=Recipes")
  await expect(page.getByText("No posts found in this category.")).toBeVisible()
  await page.getByRole("link", { name: "View All Posts" }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByTestId("blog-posts").getByRole("article")).toHaveCount(10)
})

test("a new page starts at the top", async ({ page }) => {
  await page.goto("/blog")
  const last = page.getByTestId("blog-posts").getByRole("article").last()
  await last.scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  await last.getByRole("link", { name: /^Read More/ }).click()
  await expect(page).toHaveURL(/\/blog\/10$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})
