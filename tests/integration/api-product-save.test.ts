/**
 * The staff area saves a product with its whole variant list in one call
 * (POST /api/products-with-variants/, PUT /api/products-with-variants/{id}/),
 * which runs one workflow: all of it is saved, or, when any part is refused,
 * nothing (decision 0035).
 */
import type { CatalogProduct } from "../../medusa-backend/src/shared/catalog"
import { KEEP_ONE_VARIANT_MESSAGE } from "../../medusa-backend/src/shared/schemas/product-save"
import { MAX_VARIANTS_MESSAGE } from "../../medusa-backend/src/shared/schemas/variant"
import {
  type SaveCatalogProductInput,
  saveCatalogProductWorkflow,
} from "../../medusa-backend/src/workflows/catalog/workflows/product-with-variants"
import { pngBytes } from "../support/png"
import { expectClientError, storeFingerprint } from "./api-helpers"
import { inventoryLevelOf, optionsNamedAfter, productOptions } from "./helpers"
import { placeOneLineOrder } from "./store-api"
import { integrationSuite } from "./suite"

type Variant = { id?: string; name?: string; price?: number; stock?: number }

/** Medusa record ids (prod_01H..., variant_01H...): never in a message. */
const MEDUSA_ID = /\b[a-z][a-z0-9]*_[0-9A-HJKMNP-TV-Z]{26}\b/

integrationSuite({ staff: "signed-in" }, (suite, { getContainer, dbConnection }) => {
  const { setup, store, call } = suite
  let categoryId: string

  beforeAll(async () => {
    const category = await call("POST", "/api/categories/", { token: suite.token, json: { name: "Diabetes Supplies" } })
    expect(category.status).toBe(201)
    categoryId = category.body.id
  })

  const fields = (overrides: Record<string, string> = {}) => ({
    name: "Pen Needles",
    description: "Fine needles for insulin pens",
    category: categoryId,
    ...overrides,
  })
  const create = (variants: Variant[], overrides: Record<string, string> = {}, init: { token?: string } = { token: suite.token }) =>
    call("POST", "/api/products-with-variants/", { ...init, form: { ...fields(overrides), variants: JSON.stringify(variants) } })
  const save = (
    id: string,
    variants: Variant[],
    overrides: Record<string, string> = {},
    init: { token?: string } = { token: suite.token }
  ) => call("PUT", `/api/products-with-variants/${id}/`, { ...init, form: { ...fields(overrides), variants: JSON.stringify(variants) } })
  const product = async (id: string) => (await call<CatalogProduct>("GET", `/api/products/${id}/`)).body
  const rows = (p: CatalogProduct) => p.variants.map((v) => [v.name, v.price, v.stock])
  const optionsOf = (productId: string) => productOptions(getContainer(), productId)
  const levelOf = (variantId: string) => inventoryLevelOf(dbConnection, variantId)
  const productCount = async () => Number((await dbConnection.raw("SELECT count(*) AS n FROM product WHERE deleted_at IS NULL")).rows[0].n)
  const order = (variantId: string, quantity: number) => placeOneLineOrder(store, setup.regionId, variantId, quantity)
  const threeVariants = [
    { name: "4 mm", price: 15, stock: 20 },
    { name: "6 mm", price: 16.5, stock: 10 },
    { name: "8 mm", price: 17, stock: 0 },
  ]

  it("creates a product with 3 variants in one call, with its picture; answers it as GET /api/products/{id}/", async () => {
    const answer = await call("POST", "/api/products-with-variants/", {
      token: suite.token,
      form: {
        ...fields({ prescription: "true" }),
        variants: JSON.stringify(threeVariants),
        image: { bytes: pngBytes(), filename: "needles.png", type: "image/png" },
      },
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const created = answer.body as CatalogProduct
    expect(created).toEqual(await product(created.id))
    expect(created).toMatchObject({ name: "Pen Needles", category: categoryId, prescription: true, is_popular: false })
    expect(created.image).toMatch(/^https?:\/\//)
    expect(rows(created)).toEqual([
      ["4 mm", 15, 20],
      ["6 mm", 16.5, 10],
      ["8 mm", 17, 0],
    ])
    expect(await levelOf(created.variants[1].id)).toEqual({ stocked: 10, reserved: 0 })
    // Medusa's option values follow the variants' names, as with the single-variant calls.
    expect(await optionsOf(created.id)).toEqual(optionsNamedAfter("4 mm", "6 mm", "8 mm"))
    // JSON bodies work too (variants as a list).
    const json = await call("POST", "/api/products-with-variants", {
      token: suite.token,
      json: { ...fields({ name: "Lancets" }), variants: [{ name: "100", price: 9, stock: 3 }] },
    })
    expect(json.status, JSON.stringify(json.body)).toBe(201)
    expect(rows(json.body)).toEqual([["100", 9, 3]])
  })

  it("refuses a save with 6 variants and writes nothing: no product added, an edit changes nothing", async () => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => ({ name: `Pack of ${n}`, price: n, stock: n }))
    let before = await storeFingerprint(dbConnection)
    const refusedNew = await create(six)
    expect(refusedNew.status).toBe(400)
    expect(refusedNew.body).toMatchObject({
      detail: MAX_VARIANTS_MESSAGE,
      message: MAX_VARIANTS_MESSAGE,
      errors: { variants: MAX_VARIANTS_MESSAGE },
    })
    expect(await storeFingerprint(dbConnection)).toEqual(before)

    const created = (await create(threeVariants)).body as CatalogProduct
    before = await storeFingerprint(dbConnection)
    const refusedEdit = await save(
      created.id,
      [
        ...created.variants.map(({ id }) => ({ id, price: 1 })),
        { name: "10 mm", price: 18, stock: 1 },
        { name: "12 mm", price: 19, stock: 1 },
        { name: "14 mm", price: 20, stock: 1 },
      ],
      { name: "Renamed" }
    )
    expect(refusedEdit.status).toBe(400)
    expect(refusedEdit.body.detail).toBe(MAX_VARIANTS_MESSAGE)
    expect(await storeFingerprint(dbConnection)).toEqual(before)
    expect(await product(created.id)).toEqual(created)
  })

  it("saves an edit in one call: deletes a variant (even one an open order holds), changes only the fields sent of another, adds a third", async () => {
    const created = (await create(threeVariants)).body as CatalogProduct
    const [fourMm, sixMm, eightMm] = created.variants
    const placed = await order(fourMm.id, 2)
    // A sale since the form was shown: 6 mm's stock is now 7; the form sends only its new price.
    await order(sixMm.id, 3)
    expect((await product(created.id)).variants[1].stock).toBe(7)

    const answer = await save(created.id, [{ id: sixMm.id, price: 18.25 }, { id: eightMm.id }, { name: "5 mm", price: 15.5, stock: 12 }], {
      name: "Pen Needles (BD)",
      is_popular: "true",
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const saved = answer.body as CatalogProduct
    expect(saved).toEqual(await product(created.id))
    expect(saved).toMatchObject({ name: "Pen Needles (BD)", is_popular: true })
    expect(rows(saved)).toEqual([
      ["6 mm", 18.25, 7],
      ["8 mm", 17, 0],
      ["5 mm", 15.5, 12],
    ])
    expect(saved.variants.slice(0, 2).map((v) => v.id)).toEqual([sixMm.id, eightMm.id])
    expect(await levelOf(sixMm.id)).toEqual({ stocked: 10, reserved: 3 })
    expect(await optionsOf(created.id)).toEqual(optionsNamedAfter("5 mm", "6 mm", "8 mm"))
    // The deleted variant's order keeps its line and its reservation.
    const view = await call("GET", `/api/orders/${placed.custom_display_id}/`, { token: suite.token })
    expect(view.body.items).toEqual([
      { product: { id: created.id, name: "Pen Needles" }, variant: { id: fourMm.id, name: "4 mm" }, quantity: 2, price: 15 },
    ])
    const { rows: reserved } = await dbConnection.raw(
      "SELECT COALESCE(SUM(r.quantity), 0) AS n FROM reservation_item r JOIN order_line_item li ON li.id = r.line_item_id WHERE li.variant_id = ? AND r.deleted_at IS NULL",
      [fourMm.id]
    )
    expect(Number(reserved[0].n)).toBe(2)

    // Renames follow in Medusa's option values; a removed variant's name can be given to a new one in the same save.
    const next = await save(created.id, [
      { id: sixMm.id, name: "6 mm long" },
      { name: "8 mm", price: 17.5, stock: 4 },
    ])
    expect(next.status, JSON.stringify(next.body)).toBe(200)
    expect(rows(next.body)).toEqual([
      ["6 mm long", 18.25, 7],
      ["8 mm", 17.5, 4],
    ])
    expect(next.body.variants[1].id).not.toBe(eightMm.id)
    expect(await optionsOf(created.id)).toEqual(optionsNamedAfter("6 mm long", "8 mm"))
  })

  it("refuses removing every variant, and a refusal met halfway through the writes undoes those already made", async () => {
    const created = (await create(threeVariants)).body as CatalogProduct
    const [fourMm, sixMm, eightMm] = created.variants
    const before = await storeFingerprint(dbConnection)
    const emptied = await save(created.id, [], { name: "Nothing left" })
    expect(emptied.status).toBe(400)
    expect(emptied.body).toMatchObject({ detail: KEEP_ONE_VARIANT_MESSAGE, errors: { variants: KEEP_ONE_VARIANT_MESSAGE } })
    expect(await storeFingerprint(dbConnection)).toEqual(before)

    // Medusa itself refuses two variants swapping names (each takes an option value the other still has) after
    // the product's fields are saved and 8 mm is deleted: both come back, and nothing else changed.
    const swapped = await save(
      created.id,
      [
        { id: fourMm.id, name: "6 mm" },
        { id: sixMm.id, name: "4 mm", stock: 99 },
      ],
      { name: "Swapped" }
    )
    expect(swapped.status).toBe(400)
    expect(swapped.body.detail).toMatch(/already exists/)
    expect(swapped.body.detail).not.toMatch(MEDUSA_ID)
    expect(await storeFingerprint(dbConnection)).toEqual(before)
    expect(await product(created.id)).toEqual(created)
    expect(created.variants.map((v) => v.id)).toContain(eightMm.id)
  })

  it("refuses clashing names and variants of other products beside the row, without ids in messages", async () => {
    const created = (await create(threeVariants)).body as CatalogProduct
    const other = (await create([{ name: "Box", price: 5, stock: 5 }], { name: "Swabs" })).body as CatalogProduct
    const before = await storeFingerprint(dbConnection)

    const clash = await save(created.id, [...created.variants.map(({ id }) => ({ id })), { name: " 6 MM ", price: 1, stock: 1 }])
    expect(clash.status).toBe(400)
    expect(clash.body.errors).toEqual({ "variants.3.name": 'This product already has a variant named "6 MM"' })
    const renamedOnto = await save(created.id, [{ id: created.variants[0].id, name: "8 mm" }, { id: created.variants[2].id }])
    expect(renamedOnto.body.errors).toEqual({ "variants.0.name": 'This product already has a variant named "8 mm"' })
    const twiceNew = await create(
      [
        { name: "A", price: 1, stock: 1 },
        { name: "a", price: 1, stock: 1 },
      ],
      { name: "Twice" }
    )
    expect(twiceNew.body.errors).toEqual({ "variants.1.name": 'This product already has a variant named "a"' })

    const foreign = await save(created.id, [{ id: created.variants[0].id }, { id: other.variants[0].id, name: "Box" }])
    expect(foreign.status).toBe(400)
    expect(Object.keys(foreign.body.errors)).toEqual(["variants.1.id"])
    expect(foreign.body.detail).toContain('Variant "Box"')
    expect(JSON.stringify(foreign.body)).not.toMatch(MEDUSA_ID)

    const incomplete = await save(created.id, [{ id: created.variants[0].id }, { name: "New", price: 3 }])
    expect(incomplete.status).toBe(400)
    expect(incomplete.body.errors).toEqual({ "variants.1.stock": "Stock is required" })
    const blank = await save(created.id, [{ id: created.variants[0].id, name: "  " }])
    expect(blank.body.errors).toEqual({ "variants.0.name": "Variant name is required" })
    const unknown = await save("prod_01KB1ZJ6Y8J8WQ0G3V8Y5F7M2C", [{ name: "A", price: 1, stock: 1 }])
    expect(unknown.status).toBe(404)
    const notJson = await call("PUT", `/api/products-with-variants/${created.id}/`, {
      token: suite.token,
      form: { ...fields(), variants: "[{oops" },
    })
    expect(notJson.body.errors).toEqual({ variants: "Variants must be a JSON list of variants" })
    expect(await storeFingerprint(dbConnection)).toEqual(before)
  })

  it("is staff-only: without a valid access token 401, nothing written", async () => {
    const created = (await create(threeVariants)).body as CatalogProduct
    const before = await storeFingerprint(dbConnection)
    for (const init of [{}, { token: "not-a-token" }]) {
      const added = await create(threeVariants, { name: "Anonymous" }, init)
      expect(added.status).toBe(401)
      expect(typeof added.body.detail).toBe("string")
      const edited = await save(created.id, [{ id: created.variants[0].id, stock: 0 }], {}, init)
      expect(edited.status).toBe(401)
    }
    expect(await storeFingerprint(dbConnection)).toEqual(before)
    expect(await productCount()).toBeGreaterThan(0)
  })

  it("answers malformed bodies with a 4xx in the /api format and writes nothing", async () => {
    const created = (await create(threeVariants)).body as CatalogProduct
    const before = await storeFingerprint(dbConnection)
    const bodies = [
      { raw: "{not json" },
      { raw: "[1, 2, 3]" },
      { json: { ...fields(), variants: "none" } },
      { json: { ...fields(), variants: [{ id: 7 }, "x"] } },
      { raw: "--boundary\r\nbroken", headers: { "content-type": "multipart/form-data; boundary=boundary" } },
    ]
    for (const [method, url] of [
      ["POST", "/api/products-with-variants/"],
      ["PUT", `/api/products-with-variants/${created.id}/`],
    ]) {
      for (const body of bodies) {
        expectClientError(await call(method, url, { token: suite.token, ...body }), `${method} ${url} ${JSON.stringify(body)}`)
      }
    }
    expect((await call("GET", "/api/products-with-variants/")).status).toBe(405)
    expect(await storeFingerprint(dbConnection)).toEqual(before)
  })

  it("enforces the rules in the workflow itself, for any caller", async () => {
    const count = await productCount()
    /** The workflow run directly, as another caller than the /api would. */
    const saveDirectly = (variants: SaveCatalogProductInput["variants"], category_id = categoryId) =>
      saveCatalogProductWorkflow(getContainer()).run({
        input: { actor_id: "user_direct", name: "Direct", description: "d", category_id, variants },
      })
    await expect(saveDirectly([1, 2, 3, 4, 5, 6].map((n) => ({ name: `${n}`, price: n, stock: n })))).rejects.toThrow(MAX_VARIANTS_MESSAGE)
    await expect(saveDirectly([{ name: "  ", price: 1, stock: 1 }])).rejects.toThrow("Variant name is required")
    await expect(saveDirectly([{ name: "A", price: 1, stock: 1 }], "pcat_nope")).rejects.toThrow("Choose an existing category")
    expect(await productCount()).toBe(count)
  })
})
