/**
 * Staff discontinue products and variants that open orders still wait for
 * (issue 12): they leave the shop, the /api and search at once, orders keep
 * their lines and totals, reserved stock stays reserved until the order is
 * fulfilled or canceled. And the catalogue rules are steps of the workflows,
 * so calling a workflow directly obeys them too.
 */
import { LAST_VARIANT_MESSAGE, MAX_VARIANTS_MESSAGE } from "../../medusa-backend/src/shared/schemas/variant"
import { createCatalogVariantWorkflow, deleteCatalogVariantWorkflow } from "../../medusa-backend/src/workflows/catalog/workflows/variants"
import { adminCaller, fulfilThroughAdmin, placeOneLineOrder } from "./store-api"
import { integrationSuite } from "./suite"

integrationSuite({ staff: "signed-in" }, (suite, { getContainer, api, dbConnection }) => {
  const { setup, store, call } = suite

  /** A category and a product with these variants, made by staff through the /api. */
  const staffProduct = async (name: string, variants: { name: string; price: number; stock: number }[]) => {
    const category = await call("POST", "/api/categories/", { token: suite.token, json: { name: `${name} category` } })
    expect(category.status).toBe(201)
    const product = await call("POST", "/api/products/", {
      token: suite.token,
      json: { name, description: `${name}, for the test`, category: category.body.id },
    })
    expect(product.status).toBe(201)
    for (const variant of variants) {
      expect((await call("POST", `/api/products/${product.body.id}/variants/`, { token: suite.token, json: variant })).status).toBe(201)
    }
    const full = (await call("GET", `/api/products/${product.body.id}/`)).body
    return {
      category_id: category.body.id as string,
      id: full.id as string,
      variants: full.variants as { id: string; name: string; price: number; stock: number }[],
    }
  }

  const order = (variantId: string, quantity: number) => placeOneLineOrder(store, setup.regionId, variantId, quantity)

  const inventoryOf = async (variantId: string) =>
    (
      await dbConnection.raw("SELECT inventory_item_id FROM product_variant_inventory_item WHERE variant_id = ? AND deleted_at IS NULL", [
        variantId,
      ])
    ).rows[0].inventory_item_id as string
  const reservedOn = async (inventoryItemId: string) =>
    Number(
      (
        await dbConnection.raw(
          "SELECT COALESCE(SUM(quantity), 0) AS n FROM reservation_item WHERE inventory_item_id = ? AND deleted_at IS NULL",
          [inventoryItemId]
        )
      ).rows[0].n
    )
  const inventoryItemDeleted = async (inventoryItemId: string) => {
    for (let i = 0; i < 50; i++) {
      const { rows } = await dbConnection.raw("SELECT deleted_at FROM inventory_item WHERE id = ?", [inventoryItemId])
      if (rows[0].deleted_at) return true
      await new Promise((r) => setTimeout(r, 100))
    }
    return false
  }

  it("deletes a product with an open order: gone from the shop, /api and search; the order keeps its line; then its category can go", async () => {
    const product = await staffProduct("Tirzepatide Vial", [{ name: "5 mg", price: 120, stock: 10 }])
    const placed = await order(product.variants[0].id, 2)
    const item = await inventoryOf(product.variants[0].id)
    expect(await reservedOn(item)).toBe(2)

    const deleted = await call("DELETE", `/api/products/${product.id}/`, { token: suite.token })
    expect(deleted.status).toBe(204)
    expect((await call("GET", `/api/products/${product.id}/`)).status).toBe(404)
    expect((await call("GET", "/api/products/?search=tirzepatide")).body).toEqual([])
    const shop = await store("GET", "/store/catalog/products?search=tirzepatide")
    expect(shop.body.products).toEqual([])
    expect((await store("GET", `/store/catalog/products/${product.id}`)).status).toBe(404)

    // The order is untouched: its line, its totals, its reservation.
    const view = await call("GET", `/api/orders/${placed.custom_display_id}/`, { token: suite.token })
    expect(view.body.items).toEqual([
      {
        product: { id: product.id, name: "Tirzepatide Vial" },
        variant: { id: product.variants[0].id, name: "5 mg" },
        quantity: 2,
        price: 120,
      },
    ])
    expect(view.body.totals.subtotal).toBe(240)
    expect(await reservedOn(item)).toBe(2)

    // Its category is empty now, so it can be deleted.
    expect((await call("DELETE", `/api/categories/${product.category_id}/`, { token: suite.token })).status).toBe(204)

    // Canceling the order releases the stock; the discontinued inventory item goes with its last reservation.
    expect((await call("POST", `/api/orders/${placed.custom_display_id}/cancel/`, { token: suite.token })).status).toBe(200)
    expect(await reservedOn(item)).toBe(0)
    expect(await inventoryItemDeleted(item)).toBe(true)
  })

  it("deletes a variant with an open order; the order can still be fulfilled from its reservation", async () => {
    const product = await staffProduct("Insulin Pen Needles", [
      { name: "4 mm", price: 15, stock: 20 },
      { name: "6 mm", price: 16, stock: 20 },
    ])
    const [fourMm, sixMm] = product.variants
    const placed = await order(fourMm.id, 3)
    const item = await inventoryOf(fourMm.id)

    const deleted = await call("DELETE", `/api/variants/${fourMm.id}/`, { token: suite.token })
    expect(deleted.status).toBe(204)
    expect((await call("GET", `/api/products/${product.id}/`)).body.variants.map((v: { id: string }) => v.id)).toEqual([sixMm.id])
    expect((await call("GET", `/api/variants/${fourMm.id}/`)).status).toBe(404)
    expect((await call("GET", `/api/orders/${placed.custom_display_id}/`, { token: suite.token })).body.items[0]).toMatchObject({
      variant: { id: fourMm.id, name: "4 mm" },
      quantity: 3,
    })
    expect(await reservedOn(item)).toBe(3)

    // Nothing ships before it is paid (issue 24).
    expect((await call("POST", `/api/orders/${placed.custom_display_id}/mark-paid/`, { token: suite.token })).status).toBe(200)
    const fulfilled = await fulfilThroughAdmin(await adminCaller(api), placed.id)
    expect(fulfilled.status).toBe(200)
    expect(await reservedOn(item)).toBe(0)
    expect(await inventoryItemDeleted(item)).toBe(true)
  })

  it("enforces the rules inside the workflows: a 6th variant and deleting the last one are refused to any caller", async () => {
    const product = await staffProduct("Lancets", [{ name: "Pack of 100", price: 9, stock: 5 }])
    const container = getContainer()
    for (const n of [2, 3, 4, 5]) {
      await createCatalogVariantWorkflow(container).run({ input: { product_id: product.id, name: `Pack of ${n}00`, price: 9, stock: 5 } })
    }
    await expect(
      createCatalogVariantWorkflow(container).run({ input: { product_id: product.id, name: "Pack of 600", price: 9, stock: 5 } })
    ).rejects.toThrow(MAX_VARIANTS_MESSAGE)
    const variants = (await call("GET", `/api/products/${product.id}/`)).body.variants
    expect(variants).toHaveLength(5)

    for (const variant of variants.slice(1)) await deleteCatalogVariantWorkflow(container).run({ input: { id: variant.id } })
    await expect(deleteCatalogVariantWorkflow(container).run({ input: { id: variants[0].id } })).rejects.toThrow(LAST_VARIANT_MESSAGE)
    expect((await call("GET", `/api/products/${product.id}/`)).body.variants.map((v: { id: string }) => v.id)).toEqual([variants[0].id])
  })

  it("refuses blank names and unknown categories in the workflows, with messages that show no ids", async () => {
    const product = await staffProduct("Glucose Tablets", [{ name: "Orange", price: 5, stock: 5 }])
    await expect(
      createCatalogVariantWorkflow(getContainer()).run({ input: { product_id: product.id, name: "   ", price: 5, stock: 1 } })
    ).rejects.toThrow("Variant name is required")
    const moved = await call("PATCH", `/api/products/${product.id}/`, {
      token: suite.token,
      json: { category: "pcat_01KB1ZJ6Y8J8WQ0G3V8Y5F7M2C" },
    })
    expect(moved.status).toBe(400)
    expect(moved.body.errors).toEqual({ category: "Choose an existing category" })
  })
})
