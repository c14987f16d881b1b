/**
 * What the staff `/api` catalogue routes answer besides products (products and
 * variants answer `CatalogProduct` / `CatalogVariant` of `../catalog`). Types
 * only: the storefront's staff area imports them through `@shared/dto/catalog`.
 */

/** A category (`GET /api/categories/`, `GET|PUT /api/categories/{id}/`, the 201 of `POST /api/categories/`). */
export type StaffCategory = { id: string; name: string }
