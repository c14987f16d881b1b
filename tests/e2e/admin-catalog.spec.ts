/**
 * The staff area's catalogue (issue 7, spec §2, §4, §5, §8, §9): categories
 * (add, inline edit, delete), products (add with a picture and three
 * variants, inline edit of a variant's price and stock, the 6th variant
 * refused, the only variant protected, delete), the list's filters and pages,
 * and the same forms without JavaScript. Everything against the real backend.
 */
import type { APIRequestContext, Page } from "@playwright/test"

import { expect, test } from "./fixtures"
import { consoleErrors } from "./helpers"
import { SEEDED_ADMIN as STAFF } from "./staff-sign-in"

/** A real 1×1 PNG picture. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64")

type Variant = { id: string; name: string; price: number; stock: number }
type Product = {
  id: string
  name: string
  description: string
  category: string | null
  category_name: string | null
  image: string | null
  prescription: boolean
  variants: Variant[]
}

async function signIn(page: Page) {
  await page.goto("/admin")
  await page.getByLabel("Username").fill(STAFF.username)
  await page.getByLabel("Password").fill(STAFF.password)
  await page.getByRole("button", { name: "Login" }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
}

/** The backend's /api as staff, for setup, checks and clean-up. */
async function backendApi(request: APIRequestContext, backendUrl: string) {
  const signedIn = await request.post(`${backendUrl}/api/token/`, { data: STAFF })
  const { access } = await signedIn.json()
  const headers = { authorization: `Bearer ${access}` }
  return {
    get: async (path: string) => {
      const response = await request.get(`${backendUrl}${path}`, { headers })
      return { status: response.status(), body: response.status() === 200 ? await response.json() : null }
    },
    post: async (path: string, data: Record<string, unknown>) => (await request.post(`${backendUrl}${path}`, { headers, data })).json(),
    delete: (path: string) => request.delete(`${backendUrl}${path}`, { headers }),
  }
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

test("categories: add, inline edit (Cancel discards, Save reloads), delete after the spec's question; blank names are ignored", async ({
  page,
  request,
  backendUrl,
}) => {
  const errors = consoleErrors(page)
  const api = await backendApi(request, backendUrl)
  const names = async () => ((await api.get("/api/categories/")).body as { name: string }[]).map((c) => c.name)
  await signIn(page)
  await page.goto("/admin/categories")
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible()
  const rows = page.getByTestId("category-row")
  const before = await rows.count()
  expect(before).toBe((await names()).length)

  // Spec §5: a blank name is silently ignored.
  await page.getByLabel("Category name").fill("   ")
  await page.getByRole("button", { name: "Add Category" }).click()
  await expect(rows).toHaveCount(before)
  await expect(page.getByRole("alert")).toHaveCount(0)
  // Nothing in flight: Enter in the field submits (a disabled submit button would swallow it).
  await expect(page.getByRole("button", { name: "Add Category" })).toBeEnabled()

  const name = unique("E2E Category")
  await page.getByLabel("Category name").fill(name)
  await page.getByLabel("Category name").press("Enter")
  await expect(page.getByRole("status").filter({ hasText: `Category "${name}" added` })).toBeVisible()
  await expect(rows).toHaveCount(before + 1)
  await expect(page.getByLabel("Category name")).toHaveValue("")
  await expect.poll(names).toContain(name)

  // A name that is taken: the backend's reason beside the field.
  await page.getByLabel("Category name").fill(name)
  await page.getByRole("button", { name: "Add Category" }).click()
  await expect(page.getByRole("alert")).toContainText("Failed to add category")
  await expect(page.getByLabel("Category name")).toHaveAccessibleDescription(/already/i)
  await expect(rows).toHaveCount(before + 1)

  // Inline edit; Cancel discards and gives focus back to the row's Edit button.
  const row = rows.filter({ hasText: name })
  await row.getByRole("link", { name: `Edit ${name}` }).click()
  const field = page.getByLabel(`New name for ${name}`)
  await expect(field).toBeFocused()
  await field.fill(`${name} renamed`)
  await row.getByRole("link", { name: "Cancel" }).click()
  await expect(row.getByRole("link", { name: `Edit ${name}` })).toBeFocused()
  await expect.poll(names).toContain(name)

  // Blank on save: ignored, the edit stays open.
  await row.getByRole("link", { name: `Edit ${name}` }).click()
  await field.fill("  ")
  await row.getByRole("button", { name: "Save" }).click()
  await expect(page.getByLabel(`New name for ${name}`)).toBeVisible()
  await expect.poll(names).toContain(name)

  // Save reloads the list with the new name.
  await page.getByLabel(`New name for ${name}`).fill(`${name} renamed`)
  await page.getByRole("button", { name: "Save" }).click()
  await expect(page.getByRole("status").filter({ hasText: `Category renamed to "${name} renamed"` })).toBeVisible()
  const renamed = rows.filter({ hasText: `${name} renamed` })
  await expect(renamed).toHaveCount(1)
  await expect.poll(names).toContain(`${name} renamed`)

  // Delete asks first; Escape keeps it.
  await renamed.getByRole("link", { name: `Delete ${name} renamed` }).click()
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this category?" })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(dialog).toHaveCount(0)
  await expect(renamed.getByRole("link", { name: `Delete ${name} renamed` })).toBeFocused()
  await expect.poll(names).toContain(`${name} renamed`)

  await renamed.getByRole("link", { name: `Delete ${name} renamed` }).click()
  await dialog.getByRole("button", { name: "Delete" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Category deleted" })).toBeVisible()
  await expect(rows).toHaveCount(before)
  await expect.poll(names).not.toContain(`${name} renamed`)

  // A category that still has products is not deleted: the spec's message and the backend's reason.
  const insulin = rows.filter({ hasText: /^Insulin/ })
  await insulin.getByRole("link", { name: "Delete Insulin" }).click()
  await dialog.getByRole("button", { name: "Delete" }).click()
  await expect(dialog.getByRole("alert")).toContainText("Failed to delete category")
  await expect.poll(names).toContain("Insulin")
  expect(errors).toEqual([])
})

test("products: add with a picture and three variants, edit a variant's price and stock, 5 variants at most, the only variant kept, delete", async ({
  page,
  request,
  backendUrl,
}) => {
  test.setTimeout(120_000)
  const errors = consoleErrors(page)
  const api = await backendApi(request, backendUrl)
  const category = await api.post("/api/categories/", { name: unique("E2E Products") })
  const name = unique("E2E Test Pen")
  let productId: string | undefined
  try {
    await signIn(page)
    await page.goto("/admin/add-product")
    await expect(page.getByRole("heading", { name: "Add Product", level: 1 })).toBeVisible()

    await test.step("the spec's messages beside the fields", async () => {
      await page.getByRole("button", { name: "Add Product" }).click()
      await expect(page.getByLabel("Product Name")).toHaveAccessibleDescription("Product name is required")
      await expect(page.getByLabel("Category")).toHaveAccessibleDescription("Category is required")
      await expect(page.getByLabel("Description")).toHaveAccessibleDescription("Description is required")
      await expect(page.getByRole("group", { name: /^Variants/ })).toHaveAccessibleDescription(/Please add at least one product variant/)
      await expect(page.getByLabel("Product Name")).toBeFocused()
    })

    await test.step("the picture: images only", async () => {
      const picture = page.getByLabel("Product Image")
      await expect(picture).toHaveAttribute("accept", "image/png,image/jpeg,image/gif,image/webp")
      await picture.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") })
      await expect(picture).toHaveAccessibleDescription(/The image must be a PNG, JPEG, GIF or WebP picture\./)
      await expect(picture).toHaveValue("")
      await picture.setInputFiles({ name: "pen.png", mimeType: "image/png", buffer: PNG })
      await expect(picture).not.toHaveAccessibleDescription(/must be/)
    })

    await test.step("three variants, then the success screen", async () => {
      await page.getByLabel("Product Name").fill(name)
      await page.getByLabel("Category").selectOption({ label: category.name })
      await page.getByLabel("Description").fill("A pen for the browser tests. Safe to delete.")
      await page.getByLabel("Prescription required (Rx)").check()
      const rows = page.getByTestId("variant-row")
      const fillRow = async (index: number, values: [string, string, string]) => {
        const row = rows.nth(index)
        await row.getByLabel("Variant Name").fill(values[0])
        await row.getByLabel("Price ($)").fill(values[1])
        await row.getByLabel("Stock").fill(values[2])
      }
      await fillRow(0, ["1 pen", "25", "10"])
      await page.getByRole("button", { name: "Add Variant" }).click()
      await expect(rows).toHaveCount(2)
      await expect(rows.nth(1).getByLabel("Variant Name")).toBeFocused()
      await fillRow(1, ["3 pens", "45.50", "5"])
      await page.getByRole("button", { name: "Add Variant" }).click()
      await fillRow(2, ["5 pens", "99.99", "0"])
      await page.getByRole("button", { name: "Add Product" }).click()

      await expect(page.getByRole("heading", { name: "Product Added Successfully!" })).toBeFocused()
      await expect(page.getByText(`${name} is now in the catalogue.`)).toBeVisible()
      await expect(page.getByRole("link", { name: "Add Another Product" })).toBeVisible()
      const [product] = ((await api.get(`/api/products/?search=${encodeURIComponent(name)}`)).body as Product[]).filter(
        (p) => p.name === name
      )
      productId = product.id
      expect(product).toMatchObject({
        category: category.id,
        prescription: true,
        description: "A pen for the browser tests. Safe to delete.",
      })
      expect(product.image).toMatch(/^https?:\/\//)
      expect(product.variants.map(({ name, price, stock }) => ({ name, price, stock }))).toEqual([
        { name: "1 pen", price: 25, stock: 10 },
        { name: "3 pens", price: 45.5, stock: 5 },
        { name: "5 pens", price: 99.99, stock: 0 },
      ])
      await page.getByRole("link", { name: "View Products" }).click()
      await expect(page).toHaveURL(/\/admin\/products$/)
    })

    const listed = page.getByTestId("admin-product").filter({ has: page.getByRole("heading", { name }) })
    await test.step("inline edit of a variant's price and stock", async () => {
      await page.getByLabel("Search").fill(name)
      await page.getByRole("button", { name: "Apply" }).click()
      await expect(page.getByTestId("admin-product")).toHaveCount(1)
      await listed.getByRole("link", { name: `Edit ${name}` }).click()
      await expect(listed.getByLabel("Product Name")).toBeFocused()
      const second = listed.getByTestId("variant-row").nth(1)
      await second.getByLabel("Price ($)").fill("49.95")
      await second.getByLabel("Stock").fill("7")
      await listed.getByRole("button", { name: "Save" }).click()
      await expect(page.getByRole("status").filter({ hasText: "Product updated" })).toBeVisible()
      await expect(listed.getByTestId("variant").nth(1)).toHaveText(["3 pens$49.957"])
      const product = (await api.get(`/api/products/${productId}/`)).body as Product
      expect(product.variants.map((v) => [v.name, v.price, v.stock])).toEqual([
        ["1 pen", 25, 10],
        ["3 pens", 49.95, 7],
        ["5 pens", 99.99, 0],
      ])
      await expect(listed.getByRole("link", { name: `Edit ${name}` })).toBeFocused()
    })

    await test.step("at most 5 variants: the 6th is refused", async () => {
      await listed.getByRole("link", { name: `Edit ${name}` }).click()
      const rows = listed.getByTestId("variant-row")
      const add = listed.getByRole("button", { name: "Add Variant" })
      await add.click()
      await add.click()
      await expect(rows).toHaveCount(5)
      await expect(add).toHaveAttribute("aria-disabled", "true")
      await expect(add).toHaveAccessibleDescription(/A product can have at most 5 variants/)
      await add.press("Enter") // still focusable (aria-disabled), and it does nothing
      await expect(rows).toHaveCount(5)
      for (const [index, values] of [
        [3, ["10 pens", "180", "2"]],
        [4, ["20 pens", "340", "1"]],
      ] as const) {
        await rows.nth(index).getByLabel("Variant Name").fill(values[0])
        await rows.nth(index).getByLabel("Price ($)").fill(values[1])
        await rows.nth(index).getByLabel("Stock").fill(values[2])
      }
      await listed.getByRole("button", { name: "Save" }).click()
      await expect(page.getByRole("status").filter({ hasText: "Product updated" })).toBeVisible()
      expect(((await api.get(`/api/products/${productId}/`)).body as Product).variants).toHaveLength(5)
      // The backend refuses a 6th too (the browser cannot even ask).
      const sixth = await request.post(`${backendUrl}/api/products/${productId}/variants/`, {
        data: { name: "50 pens", price: 800, stock: 1 },
        headers: { authorization: `Bearer ${(await (await request.post(`${backendUrl}/api/token/`, { data: STAFF })).json()).access}` },
      })
      expect(sixth.status()).toBe(400)
    })

    await test.step("the only variant cannot be deleted", async () => {
      await listed.getByRole("link", { name: `Edit ${name}` }).click()
      const rows = listed.getByTestId("variant-row")
      for (let left = 5; left > 1; left--)
        await rows
          .nth(left - 1)
          .getByRole("button", { name: /^Remove/ })
          .click()
      await expect(rows).toHaveCount(1)
      const remove = rows.first().getByRole("button", { name: /^Remove/ })
      await expect(remove).toHaveAttribute("aria-disabled", "true")
      await expect(remove).toHaveAccessibleDescription(/The only variant cannot be deleted/)
      await remove.press("Enter")
      await expect(rows).toHaveCount(1)
      await listed.getByRole("button", { name: "Save" }).click()
      await expect(page.getByRole("status").filter({ hasText: "Product updated" })).toBeVisible()
      const product = (await api.get(`/api/products/${productId}/`)).body as Product
      expect(product.variants.map((v) => v.name)).toEqual(["1 pen"])
    })

    await test.step("delete after 'Are you sure you want to delete this product?'", async () => {
      await listed.getByRole("link", { name: `Delete ${name}` }).click()
      const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this product?" })
      await expect(dialog).toContainText(name)
      await dialog.getByRole("button", { name: "Delete" }).click()
      await expect(page.getByRole("status").filter({ hasText: "Product deleted" })).toBeVisible()
      await expect(page.getByText("No products found")).toBeVisible()
      expect((await api.get(`/api/products/${productId}/`)).status).toBe(404)
      productId = undefined
    })
    expect(errors).toEqual([])
  } finally {
    if (productId) await api.delete(`/api/products/${productId}/`)
    await api.delete(`/api/categories/${category.id}/`)
  }
})

test("product filters (category, price, search, sort without popularity) reset to page 1; 12 a page with numbered pages", async ({
  page,
  request,
  backendUrl,
}) => {
  const errors = consoleErrors(page)
  const api = await backendApi(request, backendUrl)
  const all = (await api.get("/api/products/")).body as Product[]
  const lowest = (p: Product) => (p.variants.length ? Math.min(...p.variants.map((v) => v.price)) : 0)
  await signIn(page)
  await page.goto("/admin/products")
  const names = () => page.getByTestId("admin-product").getByRole("heading", { level: 2 }).allTextContents()
  await expect(page.getByTestId("product-count")).toHaveText(`Showing 1–12 of ${all.length} products`)
  await expect.poll(names).toEqual(all.slice(0, 12).map((p) => p.name))

  const pager = page.getByRole("navigation", { name: "Pagination" })
  await expect(pager.getByRole("link", { name: /^Page \d+$/ })).toHaveCount(Math.ceil(all.length / 12))
  await pager.getByRole("link", { name: "Page 2" }).click()
  await expect(page).toHaveURL(/\/admin\/products\?page=2$/)
  await expect.poll(names).toEqual(all.slice(12, 24).map((p) => p.name))
  await pager.getByRole("link", { name: "Next" }).click()
  await expect(page).toHaveURL(/\?page=3$/)
  await pager.getByRole("link", { name: "Previous" }).click()
  await expect(page).toHaveURL(/\?page=2$/)

  // A filter goes back to page 1.
  const categories = (await api.get("/api/categories/")).body as { id: string; name: string }[]
  const insulin = categories.find((c) => c.name === "Insulin")!
  await page.getByLabel("Category").selectOption({ label: "Insulin" })
  await expect(page).toHaveURL(new RegExp(`\\?category=${insulin.id}$`))
  const inInsulin = all.filter((p) => p.category === insulin.id)
  await expect(page.getByTestId("product-count")).toHaveText(`Showing 1–${Math.min(12, inInsulin.length)} of ${inInsulin.length} products`)

  // Over $100 by the lowest variant price, cheapest first.
  await page.getByLabel("Price Range").selectOption("100-1000")
  await expect(page).toHaveURL(new RegExp(`\\?category=${insulin.id}&price=100-1000$`))
  await expect(page.getByLabel("Sort By").locator("option")).toHaveText([
    "Default",
    "Price: Low to High",
    "Price: High to Low",
    "Name: A-Z",
    "Name: Z-A",
  ])
  await page.getByLabel("Sort By").selectOption("price_asc")
  await expect(page).toHaveURL(/&sort=price_asc$/)
  const expensive = inInsulin.filter((p) => p.variants.length > 0 && lowest(p) >= 100)
  const byPrice = [...expensive].sort((a, b) => lowest(a) - lowest(b)).map((p) => p.name)
  await expect.poll(names).toEqual(byPrice.slice(0, 12))

  // Text search on name or description, case-insensitive, from page 2 back to page 1.
  await page.goto("/admin/products?page=2")
  await page.getByLabel("Search").fill("GLUCOSE")
  await page.getByLabel("Search").press("Enter")
  await expect(page).toHaveURL(/\/admin\/products\?search=GLUCOSE$/)
  const glucose = all.filter((p) => `${p.name} ${p.description}`.toLowerCase().includes("glucose"))
  expect(glucose.length).toBeGreaterThan(0)
  await expect.poll(names).toEqual(glucose.slice(0, 12).map((p) => p.name))
  await page.getByRole("link", { name: "Reset Filters" }).click()
  await expect(page).toHaveURL(/\/admin\/products$/)
  await page.getByLabel("Search").fill("no product has this name")
  await page.getByLabel("Search").press("Enter")
  await expect(page.getByText("No products found")).toBeVisible()
  // The floating add button.
  await page.getByRole("link", { name: "Add Product" }).last().click()
  await expect(page).toHaveURL(/\/admin\/add-product$/)
  expect(errors).toEqual([])
})

test("without JavaScript: sign in, add, rename and delete a category, and add a product row by row", async ({
  browser,
  baseURL,
  request,
  backendUrl,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const page = await context.newPage()
  const api = await backendApi(request, backendUrl)
  const name = unique("No-JS Category")
  let productId: string | undefined
  try {
    await signIn(page)
    await page.goto("/admin/categories")
    // A blank name is ignored by the server as well: back to the list, nothing added, no error.
    const before = await page.getByTestId("category-row").count()
    await page.getByLabel("Category name").fill("   ")
    await page.getByRole("button", { name: "Add Category" }).click()
    await expect(page).toHaveURL(/\/admin\/categories$/)
    await expect(page.getByTestId("category-row")).toHaveCount(before)
    await expect(page.getByRole("alert")).toHaveCount(0)

    await page.getByLabel("Category name").fill(name)
    await page.getByRole("button", { name: "Add Category" }).click()
    await expect(page.getByRole("status").filter({ hasText: `Category "${name}" added` })).toBeVisible()
    const row = page.getByTestId("category-row").filter({ hasText: name })
    await row.getByRole("link", { name: `Edit ${name}` }).click()
    await expect(page).toHaveURL(/\?edit=/)
    await page.getByLabel(`New name for ${name}`).fill(`${name} 2`)
    await page.getByRole("button", { name: "Save" }).click()
    await expect(page).toHaveURL(/\/admin\/categories$/)
    await expect(page.getByTestId("category-row").filter({ hasText: `${name} 2` })).toHaveCount(1)

    // Add Product: Add Variant and Remove are answered by the server.
    await page.goto("/admin/add-product")
    await page.getByLabel("Product Name").fill(`${name} Product`)
    await page.getByLabel("Category").selectOption({ label: `${name} 2` })
    await page.getByLabel("Description").fill("Made without JavaScript.")
    const rows = page.getByTestId("variant-row")
    await rows.first().getByLabel("Variant Name").fill("Single")
    await rows.first().getByLabel("Price ($)").fill("12.5")
    await rows.first().getByLabel("Stock").fill("3")
    await page.getByRole("button", { name: "Add Variant" }).click()
    await expect(rows).toHaveCount(2)
    await expect(page.getByLabel("Product Name")).toHaveValue(`${name} Product`)
    await expect(rows.first().getByLabel("Variant Name")).toHaveValue("Single")
    await rows
      .nth(1)
      .getByRole("button", { name: /^Remove/ })
      .click()
    await expect(rows).toHaveCount(1)
    await page.getByRole("button", { name: "Add Product" }).click()
    await expect(page.getByRole("heading", { name: "Product Added Successfully!" })).toBeVisible()
    const [product] = (await api.get(`/api/products/?search=${encodeURIComponent(`${name} Product`)}`)).body as Product[]
    productId = product.id
    expect(product.variants.map((v) => [v.name, v.price, v.stock])).toEqual([["Single", 12.5, 3]])

    // Delete it, then the category, through the confirmation step.
    await page.goto(`/admin/products?search=${encodeURIComponent(`${name} Product`)}`)
    await page.getByRole("link", { name: `Delete ${name} Product` }).click()
    await page
      .getByRole("dialog", { name: "Are you sure you want to delete this product?" })
      .getByRole("button", { name: "Delete" })
      .click()
    await expect(page.getByRole("status").filter({ hasText: "Product deleted" })).toBeVisible()
    productId = undefined
    await page.goto("/admin/categories")
    await page.getByRole("link", { name: `Delete ${name} 2` }).click()
    await page
      .getByRole("dialog", { name: "Are you sure you want to delete this category?" })
      .getByRole("button", { name: "Delete" })
      .click()
    await expect(page.getByRole("status").filter({ hasText: "Category deleted" })).toBeVisible()
    await expect(page.getByTestId("category-row").filter({ hasText: name })).toHaveCount(0)
  } finally {
    if (productId) await api.delete(`/api/products/${productId}/`)
    const left = ((await api.get("/api/categories/")).body as { id: string; name: string }[]).filter((c) => c.name.startsWith(name))
    for (const category of left) await api.delete(`/api/categories/${category.id}/`)
    await context.close()
  }
})
