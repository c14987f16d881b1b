import { describe, expect, it } from "vitest"

import { categorySchema } from "../../medusa-backend/src/shared/schemas/category"
import { fieldErrors } from "../../medusa-backend/src/shared/schemas/fields"
import { legacyOrderSchema } from "../../medusa-backend/src/shared/schemas/order"
import { productSchema, productUpdateSchema, sniffImageType } from "../../medusa-backend/src/shared/schemas/product"
import { variantSchema, variantUpdateSchema } from "../../medusa-backend/src/shared/schemas/variant"

const errorsOf = (result: { success: boolean; error?: any }) => (result.success ? {} : fieldErrors(result.error))

describe("legacy /api payload schemas (spec §5)", () => {
  it("variants: price is a number >= 0 with at most 2 decimals, stock a whole number >= 0; form strings count", () => {
    expect(variantSchema.parse({ name: " 30 caps ", price: "12.50", stock: "7" })).toEqual({ name: "30 caps", price: 12.5, stock: 7 })
    expect(variantSchema.parse({ name: "A", price: 0, stock: 0 })).toEqual({ name: "A", price: 0, stock: 0 })
    expect(variantSchema.parse({ name: "A", price: 19.99, stock: 1 }).price).toBe(19.99)
    expect(variantSchema.parse({ name: "A", price: 0.1 + 0.2, stock: 1 }).price).toBe(0.3) // float noise is not a third decimal
    expect(errorsOf(variantSchema.safeParse({ name: "A", price: 1.005, stock: 1 }))).toEqual({
      price: "Price must have at most 2 decimals",
    })
    expect(errorsOf(variantSchema.safeParse({ name: "A", price: "", stock: "1.5" }))).toEqual({
      price: "Price must be a number",
      stock: "Stock must be a whole number",
    })
    expect(errorsOf(variantSchema.safeParse({ name: "A", price: "1e3", stock: 1 }))).toEqual({ price: "Price must be a number" })
    expect(errorsOf(variantSchema.safeParse({ name: "A", price: Infinity, stock: 1 }))).toEqual({ price: "Price must be a number" })
  })

  it("variant and product updates take any subset of fields, but a variant update needs one", () => {
    expect(variantUpdateSchema.parse({ stock: 3 })).toEqual({ stock: 3 })
    expect(errorsOf(variantUpdateSchema.safeParse({}))).toEqual({ _: "Send at least one of name, price, stock" })
    expect(productUpdateSchema.parse({ is_popular: "on" })).toEqual({ is_popular: true })
    expect(productUpdateSchema.parse({})).toEqual({})
  })

  it("products: name, description and category are required; flags are optional booleans", () => {
    expect(errorsOf(productSchema.safeParse({}))).toEqual({
      name: "Product name is required",
      description: "Description is required",
      category: "Category is required",
    })
    expect(productSchema.parse({ name: "N", description: "D", category: 12, prescription: "false" })).toEqual({
      name: "N",
      description: "D",
      category: "12",
      prescription: false,
    })
  })

  it("categories: the name must be non-blank after trimming", () => {
    expect(categorySchema.parse({ name: "  Vitamins " })).toEqual({ name: "Vitamins" })
    expect(errorsOf(categorySchema.safeParse({ name: " \t " }))).toEqual({ name: "Category name is required" })
  })

  it("orders: the spec's payload, with optional client prices and extensions", () => {
    const order = legacyOrderSchema.parse({
      email: "a@example.com",
      phone: "555-123-4567",
      shipping_address: "1 Main St, Austin, Texas 78701, United States",
      items: [{ product: "prod_1", variant: 7, quantity: "2", price: "19.90" }],
      total_price: 52.97,
      payment_method: "cashapp",
      discount_code: " ",
    })
    expect(order.items).toEqual([{ product: "prod_1", variant: "7", quantity: 2, price: 19.9 }])
    expect(order.discount_code).toBeUndefined()
    expect(
      errorsOf(legacyOrderSchema.safeParse({ ...order, payment_method: "paypal", items: [{ product: "p", variant: "v", quantity: 0 }] }))
    ).toEqual({
      payment_method: "payment_method must be one of zelle, cashapp, applepay, chime",
      "items.0.quantity": "quantity must be at least 1",
    })
  })

  it("pictures are recognised by their bytes: PNG, JPEG, GIF, WebP, never SVG", () => {
    const bytes = (...values: number[]) => new Uint8Array(values)
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png")
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg")
    expect(sniffImageType(new TextEncoder().encode("GIF89a..."))).toBe("image/gif")
    expect(sniffImageType(new TextEncoder().encode("RIFF\x00\x00\x00\x00WEBPVP8 "))).toBe("image/webp")
    expect(sniffImageType(new TextEncoder().encode("RIFF\x00\x00\x00\x00WAVEfmt "))).toBeNull()
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImageType(new TextEncoder().encode('<?xml version="1.0"?><svg/>'))).toBeNull()
    expect(sniffImageType(bytes())).toBeNull()
  })
})
