/**
 * The staff area's catalogue (`/api/categories/`, `/api/products/`): named calls with their
 * answer types. A product is saved with its whole variant list in one call (one backend
 * workflow: all of it or nothing), as multipart form data when it carries a picture.
 */
import type { LegacyProduct } from "@shared/catalog"
import type { StaffCategory } from "@shared/dto/catalog"
import { productWithVariantsPath } from "@shared/schemas/product-save"

import type { Admin } from "./client.server"

const categoryPath = (id: string) => `/api/categories/${encodeURIComponent(id)}/`
const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}/`

export const listCategories = (admin: Admin) => admin.call<StaffCategory[]>("/api/categories/")

export const addCategory = (admin: Admin, category: { name: string }) =>
  admin.call<StaffCategory>("/api/categories/", { method: "POST", body: category })

export const renameCategory = (admin: Admin, id: string, category: { name: string }) =>
  admin.call<StaffCategory>(categoryPath(id), { method: "PUT", body: category })

export const deleteCategory = (admin: Admin, id: string) => admin.call(categoryPath(id), { method: "DELETE" })

export const listProducts = (admin: Admin, filter: { category?: string; search?: string }) =>
  admin.call<LegacyProduct[]>("/api/products/", { query: filter })

export const getProduct = (admin: Admin, id: string) => admin.call<LegacyProduct>(productPath(id))

export const deleteProduct = (admin: Admin, id: string) => admin.call(productPath(id), { method: "DELETE" })

/** Adds a product (no id) or replaces an existing one's fields and variant list, in one call. */
export const saveProduct = (admin: Admin, body: FormData, id?: string) =>
  admin.call<LegacyProduct>(productWithVariantsPath(id), { method: id ? "PUT" : "POST", body })
