/**
 * Contract tests of the legacy /api catalogue calls (spec §7): products,
 * variants and categories, as staff and as anyone, against the real backend.
 */
import fs from "node:fs"
import path from "node:path"

import { SEED_PRODUCTS } from "../../medusa-backend/src/scripts/seed/catalog-data"
import type { CatalogProduct } from "../../medusa-backend/src/shared/catalog"
import { pngBytes } from "../support/png"
import { expectClientError, storeFingerprint } from "./api-helpers"
import { inventoryLevelOf, optionsNamedAfter, productOptions } from "./helpers"
import { integrationSuite } from "./suite"

const LEGACY_PRODUCT_KEYS = [
  "id",
  "name",
  "description",
  "category",
  "category_name",
  "image",
  "is_popular",
  "prescription",
  "variants",
].sort()

integrationSuite({ catalogue: "seeded", staff: "signed-in" }, (suite, { getContainer, dbConnection }) => {
  const { call } = suite
  let categories: { id: string; name: string }[]

  beforeAll(async () => {
    categories = (await call("GET", "/api/categories/")).body
  })

  const categoryId = (name: string) => categories.find((c) => c.name === name)!.id
  const product = async (id: string) => (await call<CatalogProduct>("GET", `/api/products/${id}/`)).body
  const newProduct = async (fields: Record<string, string> = {}) => {
    const answer = await call("POST", "/api/products/", {
      token: suite.token,
      form: { name: "Vitamin D3 Softgels", description: "2000 IU daily support", category: categoryId("Diabetes Supplies"), ...fields },
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return answer.body as CatalogProduct
  }
  const addVariant = (productId: string, json: unknown) =>
    call("POST", `/api/products/${productId}/variants/`, { token: suite.token, json })
  const optionsOf = (productId: string) => productOptions(getContainer(), productId)
  const levelOf = (variantId: string) => inventoryLevelOf(dbConnection, variantId)

  describe("GET /api/products/", () => {
    it("answers the catalogue as a plain array of legacy products, with or without the trailing slash", async () => {
      const withSlash = await call("GET", "/api/products/")
      const withoutSlash = await call("GET", "/api/products")
      expect(withSlash.status).toBe(200)
      expect(withoutSlash.body).toEqual(withSlash.body)
      expect(Array.isArray(withSlash.body)).toBe(true)
      expect(withSlash.body).toHaveLength(SEED_PRODUCTS.length)
      expect(withSlash.headers.get("x-total-count")).toBe(String(SEED_PRODUCTS.length))
      const semaglutide = withSlash.body.find((p: CatalogProduct) => p.name === "Compounded Semaglutide Injection")
      expect(Object.keys(semaglutide).sort()).toEqual(LEGACY_PRODUCT_KEYS)
      expect(semaglutide).toMatchObject({ category_name: "Medical Weight Loss", prescription: true, is_popular: true })
      expect(semaglutide.category).toBe(categoryId("Medical Weight Loss"))
      expect(semaglutide.variants[0]).toEqual({ id: expect.any(String), name: "0.25 mg", price: 199, stock: 40 })
    })

    it("filters by category (id or name) and by search on name or description, case-insensitively", async () => {
      const insulinCount = SEED_PRODUCTS.filter((p) => p.category === "insulin").length
      const byId = (await call("GET", `/api/products/?category=${categoryId("Insulin")}`)).body
      const byName = (await call("GET", "/api/products/?category=insulin")).body
      expect(byId).toHaveLength(insulinCount)
      expect(byName).toEqual(byId)
      expect(byId.every((p: CatalogProduct) => p.category_name === "Insulin")).toBe(true)

      const flexpen = (await call("GET", "/api/products/?search=FLEXPEN")).body
      expect(flexpen.map((p: CatalogProduct) => p.name).sort()).toEqual([
        "NovoLog FlexPen (insulin aspart)",
        "ReliOn Novolin 70/30 FlexPen",
      ])
      // A word found only in a description matches too.
      const seeded = SEED_PRODUCTS.find((p) => p.handle === "compounded-semaglutide-injection")!
      expect(seeded.description).toContain("503A")
      const byDescription = (await call("GET", "/api/products/?search=503a")).body
      expect(byDescription.map((p: CatalogProduct) => p.name)).toContain(seeded.title)

      const both = (await call("GET", `/api/products/?category=Insulin&search=flexpen`)).body
      expect(both.every((p: CatalogProduct) => p.category_name === "Insulin" && /flexpen/i.test(p.name + p.description))).toBe(true)
      expect((await call("GET", "/api/products/?category=No%20such%20category")).body).toEqual([])
      expect((await call("GET", "/api/products/?search=zzzz-nothing")).body).toEqual([])
    })

    it("pages with limit and offset, and refuses bad paging with 400", async () => {
      const all = (await call("GET", "/api/products/")).body
      const page = await call("GET", "/api/products/?limit=5&offset=10")
      expect(page.body.map((p: CatalogProduct) => p.id)).toEqual(all.slice(10, 15).map((p: CatalogProduct) => p.id))
      expect(page.headers.get("x-total-count")).toBe(String(all.length))
      for (const query of ["limit=0", "limit=abc", "offset=-1", "limit=1000"]) {
        const bad = await call("GET", `/api/products/?${query}`)
        expect(bad.status).toBe(400)
        expect(bad.body.detail).toMatch(/limit|offset/)
      }
    })
  })

  describe("GET /api/products/{id}/ and /variants/", () => {
    it("answers one product and its variants; unknown ids are 404 with a detail", async () => {
      const [first] = (await call("GET", "/api/products/")).body
      expect(await product(first.id)).toEqual(first)
      expect((await call("GET", `/api/products/${first.id}`)).body).toEqual(first)
      const variants = await call("GET", `/api/products/${first.id}/variants/`)
      expect(variants.body).toEqual(first.variants.map((v: object) => ({ ...v, product: first.id })))
      const variant = await call("GET", `/api/variants/${first.variants[0].id}/`)
      expect(variant.body).toEqual({ ...first.variants[0], product: first.id })

      for (const unknown of [
        "/api/products/prod_nope/",
        "/api/products/prod_nope/variants/",
        "/api/variants/variant_nope/",
        "/api/categories/pcat_nope/",
      ]) {
        const answer = await call("GET", unknown)
        expect(answer.status).toBe(404)
        expect(answer.body).toEqual({ detail: expect.stringMatching(/not found/), message: expect.stringMatching(/not found/) })
      }
    })
  })

  describe("POST /api/products/ (multipart)", () => {
    it("creates a published product in the storefront's catalogue, then its variants one by one", async () => {
      const created = await newProduct({ is_popular: "true" })
      expect(created).toMatchObject({
        name: "Vitamin D3 Softgels",
        description: "2000 IU daily support",
        category: categoryId("Diabetes Supplies"),
        category_name: "Diabetes Supplies",
        image: null,
        is_popular: true,
        prescription: false,
        variants: [],
      })
      const first = await addVariant(created.id, { name: "60 softgels", price: 12.5, stock: 30 })
      expect(first.status).toBe(201)
      expect(first.body).toEqual({ id: expect.any(String), name: "60 softgels", price: 12.5, stock: 30, product: created.id })
      // Multipart clients send numbers as text.
      const second = await call("POST", `/api/products/${created.id}/variants`, {
        token: suite.token,
        form: { name: "120 softgels", price: "21.00", stock: "8" },
      })
      expect(second.status).toBe(201)

      const listed = (await call("GET", "/api/products/?search=softgels")).body.filter((p: CatalogProduct) => p.id === created.id)
      expect(listed).toHaveLength(1)
      expect(listed[0].variants.map((v: any) => [v.name, v.price, v.stock])).toEqual([
        ["60 softgels", 12.5, 30],
        ["120 softgels", 21, 8],
      ])
      // The storefront's own read model sees it too (same Medusa product).
      const { rows } = await dbConnection.raw(`SELECT status FROM product WHERE id = ?`, [created.id])
      expect(rows[0].status).toBe("published")
      // Medusa's option values follow the variants' names.
      expect(await optionsOf(created.id)).toEqual(optionsNamedAfter("120 softgels", "60 softgels"))
    })

    it("stores an uploaded picture through Medusa's file module and answers its absolute URL", async () => {
      const bytes = pngBytes(3, 3)
      const created = await newProduct({ image: { bytes, filename: "vitamin.png", type: "image/png" } } as any)
      expect(created.image).toMatch(/^https?:\/\/.+\/static\/.+\.png$/)
      const stored = path.join(process.env.MEDUSA_UPLOAD_DIR!, decodeURIComponent(created.image!.split("/static/")[1]))
      expect(fs.readFileSync(stored)).toEqual(Buffer.from(bytes))
    })

    it("refuses what is not a PNG, JPEG, GIF or WebP picture (by content), or more than 5 MB, and creates nothing", async () => {
      const before = await storeFingerprint(dbConnection)
      const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
      const cases = [
        { bytes: svg, filename: "picture.svg", type: "image/svg+xml" },
        { bytes: svg, filename: "renamed.png", type: "image/png" }, // the name and type lie: the content decides
        { bytes: new TextEncoder().encode("MZ not a picture"), filename: "photo.jpg", type: "image/jpeg" },
      ]
      for (const image of cases) {
        const answer = await call("POST", "/api/products/", {
          token: suite.token,
          form: { name: "Bad picture", description: "d", category: categoryId("Insulin"), image },
        })
        expect(answer.status).toBe(400)
        expect(answer.body.errors.image).toBe("The image must be a PNG, JPEG, GIF or WebP picture.")
      }
      const big = new Uint8Array(5 * 1024 * 1024 + 1)
      big.set(pngBytes())
      const tooBig = await call("POST", "/api/products/", {
        token: suite.token,
        form: {
          name: "Huge",
          description: "d",
          category: categoryId("Insulin"),
          image: { bytes: big, filename: "huge.png", type: "image/png" },
        },
      })
      expect(tooBig.status).toBe(413)
      expect(tooBig.body.detail).toBe("The image must be at most 5 MB.")
      const wrongField = await call("POST", "/api/products/", {
        token: suite.token,
        form: {
          name: "Two",
          description: "d",
          category: categoryId("Insulin"),
          picture: { bytes: pngBytes(), filename: "a.png" },
        } as any,
      })
      expect(wrongField.status).toBe(400)
      expect(await storeFingerprint(dbConnection)).toEqual(before)
    })

    it("enforces the spec's rules: name, description and an existing category are required", async () => {
      const before = await storeFingerprint(dbConnection)
      const missing = await call("POST", "/api/products/", { token: suite.token, form: { name: "   ", description: "", category: "" } })
      expect(missing.status).toBe(400)
      expect(missing.body.errors).toEqual({
        name: "Product name is required",
        description: "Description is required",
        category: "Category is required",
      })
      expect(missing.body.detail).toContain("Product name is required")
      const unknownCategory = await call("POST", "/api/products/", {
        token: suite.token,
        form: { name: "X", description: "Y", category: "pcat_nope" },
      })
      expect(unknownCategory.status).toBe(400)
      expect(unknownCategory.body.errors).toEqual({ category: "Choose an existing category" })
      // JSON works as well as multipart.
      const json = await call("POST", "/api/products/", { token: suite.token, json: { name: "X", description: "Y" } })
      expect(json.status).toBe(400)
      expect(json.body.errors).toEqual({ category: "Category is required" })
      expect(await storeFingerprint(dbConnection)).toEqual(before)
    })
  })

  describe("PATCH and DELETE /api/products/{id}/", () => {
    it("updates the fields sent; an empty image keeps the current picture, a new one replaces it", async () => {
      const created = await newProduct({ image: { bytes: pngBytes(), filename: "a.png", type: "image/png" } } as any)
      const renamed = await call("PATCH", `/api/products/${created.id}/`, {
        token: suite.token,
        form: {
          name: "Vitamin D3 5000 IU",
          description: "Stronger",
          category: categoryId("Insulin"),
          prescription: "true",
          image: { bytes: new Uint8Array(), filename: "" },
        } as any,
      })
      expect(renamed.status).toBe(200)
      expect(renamed.body).toMatchObject({
        id: created.id,
        name: "Vitamin D3 5000 IU",
        description: "Stronger",
        category: categoryId("Insulin"),
        category_name: "Insulin",
        prescription: true,
        is_popular: false,
        image: created.image,
      })
      const replaced = await call("PATCH", `/api/products/${created.id}`, {
        token: suite.token,
        form: { image: { bytes: pngBytes(4, 4, [0, 0, 255]), filename: "b.png", type: "image/png" } } as any,
      })
      expect(replaced.body.image).not.toBe(created.image)
      expect(replaced.body.image).toMatch(/\.png$/)
      expect(replaced.body.name).toBe("Vitamin D3 5000 IU")

      // Flags survive an edit that does not send them, and metadata Medusa Admin added is kept.
      await dbConnection.raw(`UPDATE product SET metadata = metadata || '{"ops_note":"keep me"}'::jsonb WHERE id = ?`, [created.id])
      await call("PATCH", `/api/products/${created.id}/`, { token: suite.token, json: { is_popular: true } })
      const { rows } = await dbConnection.raw(`SELECT metadata FROM product WHERE id = ?`, [created.id])
      expect(rows[0].metadata).toEqual({ ops_note: "keep me", prescription: true, is_popular: true })
    })

    it("refuses invalid changes and unknown products without changing anything", async () => {
      const [first] = (await call("GET", "/api/products/")).body
      const before = await storeFingerprint(dbConnection)
      const blank = await call("PATCH", `/api/products/${first.id}/`, { token: suite.token, form: { name: " " } })
      expect(blank.status).toBe(400)
      expect(blank.body.errors).toEqual({ name: "Product name is required" })
      const category = await call("PATCH", `/api/products/${first.id}/`, { token: suite.token, json: { category: "pcat_nope" } })
      expect(category.status).toBe(400)
      const flag = await call("PATCH", `/api/products/${first.id}/`, { token: suite.token, json: { prescription: "maybe" } })
      expect(flag.status).toBe(400)
      expect(flag.body.errors).toEqual({ prescription: "prescription must be true or false" })
      expect((await call("PATCH", "/api/products/prod_nope/", { token: suite.token, json: { name: "X" } })).status).toBe(404)
      expect((await call("DELETE", "/api/products/prod_nope/", { token: suite.token })).status).toBe(404)
      expect(await storeFingerprint(dbConnection)).toEqual(before)
    })

    it("deletes a product: 204, then 404, and it leaves the list", async () => {
      const [first] = (await call("GET", "/api/products/")).body
      const deleted = await call("DELETE", `/api/products/${first.id}/`, { token: suite.token })
      expect(deleted.status).toBe(204)
      expect((await call("GET", `/api/products/${first.id}/`)).status).toBe(404)
      expect((await call("GET", "/api/products/")).body.map((p: CatalogProduct) => p.id)).not.toContain(first.id)
      expect((await call("DELETE", `/api/products/${first.id}/`, { token: suite.token })).status).toBe(404)
    })
  })

  describe("variants", () => {
    it("refuses the 6th variant, and a duplicate name, with a clear 400", async () => {
      const created = await newProduct()
      for (let i = 1; i <= 5; i++) expect((await addVariant(created.id, { name: `Size ${i}`, price: i, stock: i })).status).toBe(201)
      const before = await storeFingerprint(dbConnection)
      const sixth = await addVariant(created.id, { name: "Size 6", price: 6, stock: 6 })
      expect(sixth.status).toBe(400)
      expect(sixth.body.detail).toBe("A product can have at most 5 variants")
      expect(await storeFingerprint(dbConnection)).toEqual(before)

      const other = await newProduct({ name: "Other" })
      await addVariant(other.id, { name: "Small", price: 1, stock: 1 })
      const duplicate = await addVariant(other.id, { name: " small ", price: 2, stock: 2 })
      expect(duplicate.status).toBe(400)
      expect(duplicate.body.errors).toEqual({ name: 'This product already has a variant named "small"' })
    })

    it("never lets concurrent requests go past 5 variants", async () => {
      const created = await newProduct()
      for (let i = 1; i <= 3; i++) await addVariant(created.id, { name: `Pack ${i}`, price: 10, stock: 1 })
      const answers = await Promise.all([4, 5, 6, 7].map((i) => addVariant(created.id, { name: `Pack ${i}`, price: 10, stock: 1 })))
      expect(answers.filter((a) => a.status === 201)).toHaveLength(2)
      expect(answers.filter((a) => a.status === 400)).toHaveLength(2)
      expect((await product(created.id)).variants).toHaveLength(5)
    })

    it("validates name, price (>= 0, at most 2 decimals) and stock (whole number >= 0)", async () => {
      const created = await newProduct()
      const before = await storeFingerprint(dbConnection)
      const cases: [unknown, Record<string, string>][] = [
        [{ name: "", price: 1, stock: 1 }, { name: "Variant name is required" }],
        [{ name: "A", price: -1, stock: 1 }, { price: "Price must be at least 0" }],
        [{ name: "A", price: 1.999, stock: 1 }, { price: "Price must have at most 2 decimals" }],
        [{ name: "A", price: "ten", stock: 1 }, { price: "Price must be a number" }],
        [{ name: "A", price: 1, stock: 1.5 }, { stock: "Stock must be a whole number" }],
        [{ name: "A", price: 1, stock: -2 }, { stock: "Stock must be at least 0" }],
        [{ name: "A", price: 1 }, { stock: "Stock must be a whole number" }],
        [
          { name: "A", price: null, stock: "" },
          { price: "Price must be a number", stock: "Stock must be a whole number" },
        ],
      ]
      for (const [json, errors] of cases) {
        const answer = await addVariant(created.id, json)
        expect(answer.status, JSON.stringify(json)).toBe(400)
        expect(answer.body.errors).toEqual(errors)
      }
      expect((await addVariant("prod_nope", { name: "A", price: 1, stock: 1 })).status).toBe(404)
      expect(await storeFingerprint(dbConnection)).toEqual(before)
    })

    it("PATCH renames (the option value follows), reprices and restocks a variant", async () => {
      const created = await newProduct()
      const small = (await addVariant(created.id, { name: "Small", price: 10, stock: 5 })).body
      const large = (await addVariant(created.id, { name: "Large", price: 20, stock: 5 })).body
      const patched = await call("PATCH", `/api/variants/${small.id}/`, {
        token: suite.token,
        json: { name: "Small pack", price: 11.25, stock: 9 },
      })
      expect(patched.status).toBe(200)
      expect(patched.body).toEqual({ id: small.id, name: "Small pack", price: 11.25, stock: 9, product: created.id })
      expect(await optionsOf(created.id)).toEqual(optionsNamedAfter("Large", "Small pack"))
      // Only the fields sent change.
      const priceOnly = await call("PATCH", `/api/variants/${large.id}`, { token: suite.token, json: { price: "19.99" } })
      expect(priceOnly.body).toEqual({ id: large.id, name: "Large", price: 19.99, stock: 5, product: created.id })
      // A rename to another variant's name is refused.
      const clash = await call("PATCH", `/api/variants/${large.id}/`, { token: suite.token, json: { name: "small PACK" } })
      expect(clash.status).toBe(400)
      // Unknown variant.
      expect((await call("PATCH", "/api/variants/variant_nope/", { token: suite.token, json: { price: 1 } })).status).toBe(404)
    })

    it("sets stock as what can still be sold: Medusa's stocked quantity = stock + reserved", async () => {
      const created = await newProduct()
      const variant = (await addVariant(created.id, { name: "Box", price: 10, stock: 10 })).body
      const order = await call("POST", "/api/orders/", {
        json: {
          email: "buyer@example.com",
          phone: "555-123-4567",
          shipping_address: "1 Main Street, Austin, Texas 78701, United States",
          items: [{ product: created.id, variant: variant.id, quantity: 3, price: 10 }],
          payment_method: "zelle",
        },
      })
      expect(order.status).toBe(201)
      expect((await product(created.id)).variants[0].stock).toBe(7)
      expect(await levelOf(variant.id)).toEqual({ stocked: 10, reserved: 3 })

      const restocked = await call("PATCH", `/api/variants/${variant.id}/`, { token: suite.token, json: { stock: 20 } })
      expect(restocked.body.stock).toBe(20)
      expect(await levelOf(variant.id)).toEqual({ stocked: 23, reserved: 3 })
      const soldOut = await call("PATCH", `/api/variants/${variant.id}/`, { token: suite.token, json: { stock: 0 } })
      expect(soldOut.body.stock).toBe(0)
      expect(await levelOf(variant.id)).toEqual({ stocked: 3, reserved: 3 })
    })

    it("DELETE removes a variant (and its option value) but never the only one", async () => {
      const created = await newProduct()
      const a = (await addVariant(created.id, { name: "A", price: 1, stock: 1 })).body
      const b = (await addVariant(created.id, { name: "B", price: 2, stock: 2 })).body
      const removed = await call("DELETE", `/api/variants/${a.id}/`, { token: suite.token })
      expect(removed.status).toBe(204)
      expect((await product(created.id)).variants.map((v) => v.name)).toEqual(["B"])
      expect(await optionsOf(created.id)).toEqual(optionsNamedAfter("B"))

      const before = await storeFingerprint(dbConnection)
      const last = await call("DELETE", `/api/variants/${b.id}`, { token: suite.token })
      expect(last.status).toBe(400)
      expect(last.body.detail).toBe("A product must keep at least one variant: this is its only one")
      expect(await storeFingerprint(dbConnection)).toEqual(before)
      expect((await call("DELETE", `/api/variants/${a.id}/`, { token: suite.token })).status).toBe(404)
    })

    it("never deletes the last two variants at once", async () => {
      const created = await newProduct()
      const a = (await addVariant(created.id, { name: "A", price: 1, stock: 1 })).body
      const b = (await addVariant(created.id, { name: "B", price: 2, stock: 2 })).body
      const answers = await Promise.all([a, b].map((v) => call("DELETE", `/api/variants/${v.id}/`, { token: suite.token })))
      expect(answers.map((x) => x.status).sort()).toEqual([204, 400])
      expect((await product(created.id)).variants).toHaveLength(1)
    })

    it("works on seeded products, whose option Medusa Admin shows keeps matching the variants", async () => {
      const seeded = (await call("GET", "/api/products/?search=Compounded%20Semaglutide")).body[0] as CatalogProduct
      const renamed = await call("PATCH", `/api/variants/${seeded.variants[0].id}/`, {
        token: suite.token,
        json: { name: "0.25 mg starter" },
      })
      expect(renamed.status).toBe(200)
      const options = await optionsOf(seeded.id)
      expect(options.values).toEqual(["0.25 mg starter", "0.5 mg", "1 mg", "1.7 mg", "2.4 mg"])
      expect(options.variants.every(([title, values]: [string, string[]]) => values.length === 1 && values[0] === title)).toBe(true)
      // Five already: the 6th is refused; after removing one, a new one fits and sorts last.
      expect((await addVariant(seeded.id, { name: "3 mg", price: 449, stock: 2 })).status).toBe(400)
      expect((await call("DELETE", `/api/variants/${seeded.variants[4].id}/`, { token: suite.token })).status).toBe(204)
      expect((await addVariant(seeded.id, { name: "3 mg", price: 449, stock: 2 })).status).toBe(201)
      expect((await product(seeded.id)).variants.map((v) => v.name)).toEqual(["0.25 mg starter", "0.5 mg", "1 mg", "1.7 mg", "3 mg"])
    })
  })

  describe("categories", () => {
    it("lists {id, name}, creates, renames and deletes an empty category", async () => {
      const list = await call("GET", "/api/categories")
      expect(list.body).toEqual(categories)
      expect(list.body.map((c: { name: string }) => c.name)).toEqual(["Medical Weight Loss", "Diabetes Supplies", "Insulin"])
      expect(Object.keys(list.body[0]).sort()).toEqual(["id", "name"])

      const created = await call("POST", "/api/categories/", { token: suite.token, json: { name: "  Vitamins  " } })
      expect(created.status).toBe(201)
      expect(created.body).toEqual({ id: expect.stringMatching(/^pcat_/), name: "Vitamins" })
      const renamed = await call("PUT", `/api/categories/${created.body.id}/`, {
        token: suite.token,
        json: { name: "Vitamins & Minerals" },
      })
      expect(renamed.body).toEqual({ id: created.body.id, name: "Vitamins & Minerals" })
      expect((await call("GET", `/api/categories/${created.body.id}`)).body.name).toBe("Vitamins & Minerals")
      const deleted = await call("DELETE", `/api/categories/${created.body.id}/`, { token: suite.token })
      expect(deleted.status).toBe(204)
      expect((await call("GET", "/api/categories/")).body).toEqual(categories)
      expect((await call("DELETE", `/api/categories/${created.body.id}/`, { token: suite.token })).status).toBe(404)
    })

    it("refuses blank and duplicate names, and deleting a category that still has products (409)", async () => {
      const before = await storeFingerprint(dbConnection)
      const blank = await call("POST", "/api/categories/", { token: suite.token, json: { name: "   " } })
      expect(blank.status).toBe(400)
      expect(blank.body.errors).toEqual({ name: "Category name is required" })
      const duplicate = await call("POST", "/api/categories/", { token: suite.token, json: { name: "insulin" } })
      expect(duplicate.status).toBe(400)
      expect(duplicate.body.errors).toEqual({ name: 'A category named "insulin" already exists' })
      const renameClash = await call("PUT", `/api/categories/${categoryId("Insulin")}/`, {
        token: suite.token,
        json: { name: "Diabetes supplies" },
      })
      expect(renameClash.status).toBe(400)
      const inUse = await call("DELETE", `/api/categories/${categoryId("Insulin")}/`, { token: suite.token })
      expect(inUse.status).toBe(409)
      expect(inUse.body.detail).toMatch(/^This category still has \d+ products\. Move or delete them first\.$/)
      expect((await call("PUT", "/api/categories/pcat_nope/", { token: suite.token, json: { name: "X" } })).status).toBe(404)
      expect(await storeFingerprint(dbConnection)).toEqual(before)
    })
  })

  describe("malformed bodies", () => {
    it("every write route answers 4xx with a detail and writes nothing", async () => {
      const [first] = (await call("GET", "/api/products/")).body
      const variantId = first.variants[0].id
      const before = await storeFingerprint(dbConnection)
      const writes: [string, string][] = [
        ["POST", "/api/products/"],
        ["PATCH", `/api/products/${first.id}/`],
        ["POST", `/api/products/${first.id}/variants/`],
        ["PATCH", `/api/variants/${variantId}/`],
        ["POST", "/api/categories/"],
        ["PUT", `/api/categories/${categoryId("Insulin")}/`],
        ["POST", "/api/orders/"],
        ["POST", "/api/prescription-request/"],
        ["POST", "/api/token/"],
        ["POST", "/api/token/refresh/"],
      ]
      const bodies = [
        { raw: "{not json" },
        { raw: '{"name": ' },
        { raw: "[1, 2, 3]" },
        { raw: '"just a string"' },
        { json: { name: { nested: true }, price: [], stock: {}, category: 42.5, email: 7, items: "none" } },
        { raw: "name=&price=abc&stock=-1", headers: { "content-type": "application/x-www-form-urlencoded" } },
        { raw: "--boundary\r\nbroken", headers: { "content-type": "multipart/form-data; boundary=boundary" } },
      ]
      for (const [method, url] of writes) {
        for (const body of bodies) {
          expectClientError(await call(method, url, { token: suite.token, ...body }), `${method} ${url} ${JSON.stringify(body)}`)
        }
      }
      expect(await storeFingerprint(dbConnection)).toEqual(before)
    })
  })
})
