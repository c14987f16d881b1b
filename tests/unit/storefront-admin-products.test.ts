import { FetchError } from "@medusajs/js-sdk"
import type { LegacyProduct } from "@shared/catalog"
import { describe, expect, it } from "vitest"

import type { Admin, AdminCallInit } from "~/lib/data/staff/client.server"
import {
  emptyProductValues,
  MAX_VARIANTS_HINT,
  NO_VARIANT_MESSAGE,
  ONLY_VARIANT_HINT,
  type ProductFormValues,
  valuesFromProduct,
  withAddedRow,
  withoutRow,
} from "~/modules/staff/product-form"
import {
  applyRowIntent,
  createProduct,
  readAdminForm,
  readProductValues,
  updateProduct,
  validateProductForm,
  type ValidProductForm,
} from "~/modules/staff/product-form.server"
import {
  ADMIN_SORTS,
  adminPrice,
  adminProductPage,
  adminProductsHref,
  inAdminPriceBucket,
  parseAdminProductParams,
  sortAdminProducts,
} from "~/routes/admin.products/products"

const product = (name: string, prices: number[], extra: Partial<LegacyProduct> = {}): LegacyProduct => ({
  id: `prod_${name}`,
  name,
  description: `About ${name}`,
  category: "pcat_1",
  category_name: "Insulin",
  image: null,
  is_popular: false,
  prescription: false,
  variants: prices.map((price, i) => ({ id: `var_${name}_${i}`, name: `V${i}`, price, stock: i === 0 ? 0 : 5 })),
  ...extra,
})

describe("the admin product list's filters (spec §4, §9)", () => {
  it("reads the URL leniently and writes clean links, back on page 1 unless a page is given", () => {
    expect(parseAdminProductParams(new URLSearchParams("category=pcat_1&price=25-50&search=%20pen%20&sort=price_desc&page=3"))).toEqual({
      category: "pcat_1",
      price: "25-50",
      search: "pen",
      sort: "price_desc",
      page: 3,
    })
    // Popularity is not an admin sort; junk falls back to the defaults.
    expect(parseAdminProductParams(new URLSearchParams("sort=popularity&price=cheap&page=-1"))).toEqual({
      category: "",
      price: "all",
      search: "",
      sort: "default",
      page: 1,
    })
    expect(ADMIN_SORTS.map((s) => s.value)).toEqual(["default", "price_asc", "price_desc", "name_asc", "name_desc"])
    expect(adminProductsHref({ category: "pcat_1", price: "all", search: "a b", sort: "default", page: 1 })).toBe(
      "/admin/products?category=pcat_1&search=a+b"
    )
    expect(adminProductsHref({ page: 2 }, { edit: "prod_1" })).toBe("/admin/products?page=2&edit=prod_1")
    expect(adminProductsHref({})).toBe("/admin/products")
  })

  it("prices a product by its lowest variant price (in stock or not); without variants it has none", () => {
    expect(adminPrice(product("a", [30, 12, 50]))).toBe(12)
    expect(adminPrice(product("b", []))).toBeNull()
  })

  it("leaves products without variants out of price filtering and sorts them as 0", () => {
    const none = product("none", [])
    expect(inAdminPriceBucket(none, "all")).toBe(true)
    expect(inAdminPriceBucket(none, "0-25")).toBe(false)
    expect(inAdminPriceBucket(product("c", [25]), "0-25")).toBe(false) // buckets are [min, max)
    expect(inAdminPriceBucket(product("c", [25]), "25-50")).toBe(true)
    expect(inAdminPriceBucket(product("d", [1500]), "100-1000")).toBe(true)
    const sorted = sortAdminProducts([product("b", [5]), none, product("a", [40])], "price_asc").map((p) => p.name)
    expect(sorted).toEqual(["none", "b", "a"])
    expect(sortAdminProducts([product("b", [5]), product("A", [40])], "name_asc").map((p) => p.name)).toEqual(["A", "b"])
  })

  it("shows 12 a page, after the price filter and the sort", () => {
    const many = Array.from({ length: 30 }, (_, i) => product(`p${String(i).padStart(2, "0")}`, [i * 10]))
    const first = adminProductPage(many, parseAdminProductParams(new URLSearchParams("sort=price_desc")))
    expect(first.items).toHaveLength(12)
    expect(first.pages).toBe(3)
    expect(first.items[0].name).toBe("p29")
    const cheap = adminProductPage(many, parseAdminProductParams(new URLSearchParams("price=0-25&page=9")))
    expect(cheap.items.map((p) => p.name)).toEqual(["p00", "p01", "p02"])
    expect(cheap.page).toBe(1)
  })
})

describe("the product form's variant rows (spec §5: 1 to 5, the only one kept)", () => {
  it("adds up to 5 rows and never removes the only one", () => {
    let rows = emptyProductValues().variants
    for (let i = 0; i < 7; i++) rows = withAddedRow(rows)
    expect(rows).toHaveLength(5)
    while (rows.length > 1) rows = withoutRow(rows, 0)
    expect(withoutRow(rows, 0)).toBe(rows)
  })

  it("without JavaScript the buttons are answered by the action, with the spec's reasons when refused", () => {
    const values = emptyProductValues()
    const added = applyRowIntent(values, "add-variant")!
    expect(added.values.variants).toHaveLength(2)
    expect(added.errors).toEqual({})
    const removed = applyRowIntent(added.values, "remove-variant-0")!
    expect(removed.values.variants).toEqual([added.values.variants[1]])
    expect(applyRowIntent(values, "remove-variant-0")!.errors).toEqual({ variants: ONLY_VARIANT_HINT })
    const full = { ...values, variants: Array.from({ length: 5 }, () => values.variants[0]) }
    expect(applyRowIntent(full, "add-variant")!.errors).toEqual({ variants: MAX_VARIANTS_HINT })
    expect(applyRowIntent(values, "save")).toBeNull()
  })

  it("fills the edit form from the product, remembering what it showed", () => {
    const values = valuesFromProduct(product("pen", [19.5, 40]))
    expect(values.variants.map((v) => [v.id, v.name, v.price, v.stock])).toEqual([
      ["var_pen_0", "V0", "19.50", "0"],
      ["var_pen_1", "V1", "40.00", "5"],
    ])
    expect(JSON.parse(values.variants[0].original)).toEqual({ name: "V0", price: 19.5, stock: 0 })
  })
})

const filled = (overrides: Partial<ProductFormValues> = {}): ProductFormValues => ({
  name: "Test Pen",
  description: "A pen",
  category: "pcat_1",
  is_popular: false,
  prescription: true,
  variants: [{ key: "r0", id: "", name: "1 pen", price: "19.99", stock: "4", original: "" }],
  ...overrides,
})

describe("the product form's validation (spec §5, with the backend's schemas)", () => {
  it("says which of name, category and description are missing, and asks for a variant", async () => {
    const result = await validateProductForm(emptyProductValues(), null)
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Product name is required",
        description: "Description is required",
        category: "Category is required",
        variants: NO_VARIANT_MESSAGE,
      },
    })
  })

  it("ignores an empty new row, says what a half-filled one lacks, and checks prices and stock", async () => {
    const rows = [
      { key: "r0", id: "", name: "1 pen", price: "19.99", stock: "4", original: "" },
      { key: "r1", id: "", name: "", price: "", stock: "", original: "" },
      { key: "r2", id: "", name: "3 pens", price: "", stock: "1.5", original: "" },
      { key: "r3", id: "", name: "5 pens", price: "10.001", stock: "-1", original: "" },
    ]
    const result = await validateProductForm(filled({ variants: rows }), null)
    expect(result).toEqual({
      ok: false,
      errors: {
        "variants.2.price": "Price is required",
        "variants.2.stock": "Stock must be a whole number",
        "variants.3.price": "Price must have at most 2 decimals",
        "variants.3.stock": "Stock must be at least 0",
      },
    })
    const ok = await validateProductForm(filled({ variants: rows.slice(0, 2) }), null)
    expect(ok).toEqual({
      ok: true,
      valid: {
        product: { name: "Test Pen", description: "A pen", category: "pcat_1", is_popular: false, prescription: true },
        variants: [{ name: "1 pen", price: 19.99, stock: 4, index: 0, id: null, original: null }],
      },
    })
  })

  it("refuses more than 5 variants and pictures that are not PNG, JPEG, GIF or WebP", async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ key: `r${i}`, id: "", name: `V${i}`, price: "1", stock: "1", original: "" }))
    expect(await validateProductForm(filled({ variants: six }), null)).toEqual({ ok: false, errors: { variants: MAX_VARIANTS_HINT } })
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "x.png", { type: "image/png" })
    expect(await validateProductForm(filled(), svg)).toEqual({
      ok: false,
      errors: { image: "The image must be a PNG, JPEG, GIF or WebP picture." },
    })
    const png = new File(
      [Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64")],
      "x.png"
    )
    expect((await validateProductForm(filled(), png)).ok).toBe(true)
  })

  it("reads the posted rows in order, flags from checkboxes, and an empty file field as no picture", async () => {
    const form = new FormData()
    form.set("name", "Pen")
    form.set("prescription", "true")
    for (const [id, name] of [
      ["var_1", "A"],
      ["", "B"],
    ]) {
      form.append("variant_id", id)
      form.append("variant_name", name)
      form.append("variant_price", "2")
      form.append("variant_stock", "3")
      form.append("variant_original", "")
    }
    form.set("image", new File([], ""))
    const { values, image } = readProductValues(form)
    expect(values).toMatchObject({ name: "Pen", description: "", prescription: true, is_popular: false })
    expect(values.variants.map((v) => [v.id, v.name])).toEqual([
      ["var_1", "A"],
      ["", "B"],
    ])
    expect(image).toBeNull()
  })

  it("refuses a body over the picture limit before reading it", async () => {
    const request = new Request("http://store.test/admin/add-product", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(7 * 1024 * 1024) },
      body: "--x--",
    })
    expect((await readAdminForm(request)).tooLarge).toBe(true)
  })
})

describe("saving a product: one call, one backend workflow (decision 0035)", () => {
  /** A staff session whose calls are recorded and answered by `answer`. */
  const recording = (answer: (path: string, init: AdminCallInit) => unknown) => {
    const calls: { path: string; method: string | undefined; body: Record<string, unknown> }[] = []
    const admin = {
      async call(path: string, init: AdminCallInit = {}) {
        const body = init.body instanceof FormData ? Object.fromEntries(init.body.entries()) : (init.body ?? {})
        calls.push({ path, method: init.method, body })
        return answer(path, init)
      },
    } as unknown as Admin
    return { admin, calls }
  }
  const validForm = async (values: ProductFormValues): Promise<ValidProductForm> => {
    const checked = await validateProductForm(values, null)
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors))
    return checked.valid
  }

  it("adds a product with its variants in one multipart call", async () => {
    const rows = [
      { key: "r0", id: "", name: "1 pen", price: "19.99", stock: "4", original: "" },
      { key: "r1", id: "", name: "", price: "", stock: "", original: "" },
      { key: "r2", id: "", name: "3 pens", price: "45.5", stock: "0", original: "" },
    ]
    const { admin, calls } = recording(() => ({ id: "prod_new" }))
    expect(await createProduct(admin, await validForm(filled({ variants: rows })), null)).toEqual({ ok: true, id: "prod_new" })
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ path: "/api/products-with-variants/", method: "POST" })
    expect(calls[0].body).toMatchObject({
      name: "Test Pen",
      description: "A pen",
      category: "pcat_1",
      prescription: "true",
      is_popular: "false",
    })
    expect(JSON.parse(String(calls[0].body.variants))).toEqual([
      { name: "1 pen", price: 19.99, stock: 4 },
      { name: "3 pens", price: 45.5, stock: 0 },
    ])
  })

  it("reports a refused add with the backend's reason, and makes no other call", async () => {
    const { admin, calls } = recording(() => {
      throw new FetchError("A product can have at most 5 variants", "Bad Request", 400)
    })
    const result = await createProduct(admin, await validForm(filled()), null)
    expect(result).toMatchObject({ ok: false, failure: { kind: "response", status: 400 }, detail: "A product can have at most 5 variants" })
    expect(calls).toHaveLength(1)
  })

  it("saves an edit in one call: existing variants by id with only their changed fields, new rows whole, removed ones left out", async () => {
    const current = product("pen", [19.5, 40, 60])
    const values = valuesFromProduct(current)
    // Row 0 unchanged, row 1 repriced (its stock figure, unchanged, is not sent), row 2 removed, a new row added.
    values.variants = [
      values.variants[0],
      { ...values.variants[1], price: "42.00" },
      { key: "n", id: "", name: "Refill", price: "5", stock: "9", original: "" },
    ]
    const { admin, calls } = recording(() => current)
    const result = await updateProduct(admin, { id: current.id }, values, await validForm(values), null)
    expect(result).toEqual({ ok: true })
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ path: "/api/products-with-variants/prod_pen/", method: "PUT" })
    expect(JSON.parse(String(calls[0].body.variants))).toEqual([
      { id: "var_pen_0" },
      { id: "var_pen_1", price: 42 },
      { name: "Refill", price: 5, stock: 9 },
    ])
  })

  it("a refused edit changes nothing: the form comes back as it was sent, with the backend's reason", async () => {
    const current = product("pen", [19.5])
    const values = valuesFromProduct(current)
    values.variants = [...values.variants, { key: "n", id: "", name: "Refill", price: "5", stock: "9", original: "" }]
    const { admin, calls } = recording(() => {
      throw new FetchError("Choose an existing category", "Bad Request", 400)
    })
    const result = await updateProduct(admin, { id: current.id }, values, await validForm(values), null)
    expect(result).toEqual({
      ok: false,
      values,
      failure: { kind: "response", status: 400, detail: "Choose an existing category" },
      detail: "Choose an existing category",
    })
    expect(calls).toHaveLength(1)
  })

  it("says beside the row when a new or renamed variant takes another's name; names already shared are left alone", async () => {
    const rows = [
      { key: "r0", id: "", name: "1 pen", price: "1", stock: "1", original: "" },
      { key: "r1", id: "", name: " 1 PEN ", price: "1", stock: "1", original: "" },
    ]
    expect(await validateProductForm(filled({ variants: rows }), null)).toEqual({
      ok: false,
      errors: { "variants.1.name": 'This product already has a variant named "1 PEN"' },
    })
    const shared = valuesFromProduct({
      ...product("pen", [1, 2]),
      variants: [
        { id: "a", name: "Pen", price: 1, stock: 1 },
        { id: "b", name: "Pen", price: 2, stock: 1 },
      ],
    })
    expect((await validateProductForm(shared, null)).ok).toBe(true)
    const renamed = {
      ...shared,
      variants: [
        { ...shared.variants[0], name: "Box" },
        shared.variants[1],
        { key: "n", id: "", name: "box", price: "1", stock: "1", original: "" },
      ],
    }
    expect(await validateProductForm(renamed, null)).toEqual({
      ok: false,
      errors: { "variants.2.name": 'This product already has a variant named "box"' },
    })
  })
})
