/**
 * A product as the legacy API writes it (multipart POST /api/products/ and
 * PATCH /api/products/{id}/): name, description, category id, optional image
 * file (checked separately) and the two flags of the spec.
 */
import { z } from "zod"

import { entityId, optionalFlag, paging } from "./api-fields"
import { requiredText } from "./fields"

export const productSchema = z.object({
  name: requiredText("Product name", 200),
  description: requiredText("Description", 5000),
  category: entityId("Category"),
  is_popular: optionalFlag("is_popular"),
  prescription: optionalFlag("prescription"),
})

/**
 * PATCH: any of the fields; each one present must be valid. An absent image
 * keeps the current one (the route refuses a PATCH with neither fields nor image).
 */
export const productUpdateSchema = productSchema.partial()

export const NOTHING_TO_UPDATE = "Send at least one of name, description, category, image, is_popular, prescription"

export type ProductInput = z.output<typeof productSchema>
export type ProductUpdate = z.output<typeof productUpdateSchema>

/** GET /api/products/: optional category (id or name), search, and paging. */
export const productListQuerySchema = z.object({
  category: z.string().trim().max(200).optional(),
  search: z.string().trim().max(200).optional(),
  ...paging,
})

/** Images: by content, at most 5 MB (spec: image files only). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const
export type ImageType = (typeof IMAGE_TYPES)[number]

/** The image type of a file's first bytes, or null when it is not a PNG, JPEG, GIF or WebP picture. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png"
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg"
  if (starts([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || starts([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])) return "image/gif"
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp"
  return null
}

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
}
