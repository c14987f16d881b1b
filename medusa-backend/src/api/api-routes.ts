/**
 * The legacy `/api` (spec §7), one line per call: its path, who may make it, what it is limited
 * by, and the schema of its body or query. `src/api/middlewares.ts` builds the calls' middlewares
 * from this list (src/api/utils/api-route-middlewares.ts), and the gateway answers 404 for a path
 * that is not here and 405 for a method a path does not have (src/api/utils/api-gateway.ts).
 * Adding a call is one line here and one route file under `src/api/api/` (a unit test checks
 * that the two agree). Decision 0051.
 */
import type { MedusaRequest } from "@medusajs/framework/http"
import type { z } from "zod"

import type { LimitName } from "../lib/config"
import { categorySchema } from "../shared/schemas/category"
import { legacyOrderSchema } from "../shared/schemas/order"
import { statusLinkResendSchema } from "../shared/schemas/order-lookup"
import { orderQueueQuerySchema, PHARMACIST_QUEUE } from "../shared/schemas/order-queues"
import { orderShipSchema } from "../shared/schemas/order-shipment"
import { prescriptionRequestSchema } from "../shared/schemas/prescription-request"
import {
  orderPrescriptionReviewSchema,
  prescriptionRequestListQuerySchema,
  prescriptionReviewSchema,
  staffOrderListQuerySchema,
} from "../shared/schemas/prescription-review"
import { productListQuerySchema, productSchema, productUpdateSchema } from "../shared/schemas/product"
import { productSaveSchema } from "../shared/schemas/product-save"
import { logoutSchema, mfaSignInSchema, mfaVerifySchema, refreshSchema, tokenSchema } from "../shared/schemas/token"
import { variantSchema, variantUpdateSchema } from "../shared/schemas/variant"

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

export type ApiCall = {
  /**
   * Who may make the call: anyone (tokens are ignored, so a stale one never turns a guest into a
   * 401), a staff member's access token (401 before the body is read), or a pharmacist's whose
   * session passed two-step sign-in (403, audited; decision 0041).
   */
  guard: "public" | "staff" | "pharmacist"
  /** A staff call that is a pharmacist's when this says so (one filter of a list every staff member may read). */
  pharmacistWhen?: (req: MedusaRequest) => boolean
  /** An anonymous write counted per client before anything is parsed or done (request-limits.ts). */
  limit?: LimitName
  /** The body: JSON, a form or multipart fields, validated into `req.validatedBody` (unknown fields ignored). */
  body?: z.ZodType
  /** The multipart body may also carry the `image` file (at most 5 MB, into `req.file`). */
  upload?: "image"
  /** The query string, validated into `req.validatedQuery`. */
  query?: z.ZodType
}

export type ApiRoute = {
  /** Express's syntax, without the trailing slash: every path is served with and without it. */
  path: `/api/${string}`
  methods: Partial<Record<ApiMethod, ApiCall>>
}

const PUBLIC: ApiCall = { guard: "public" }
const STAFF: ApiCall = { guard: "staff" }
const PHARMACIST: ApiCall = { guard: "pharmacist" }

/** The orders held for prescription review (`GET /api/orders/?status=awaiting_prescription_review`). */
const listsHeldOrders = (req: MedusaRequest) => req.validatedQuery?.status === "awaiting_prescription_review"

export const API_ROUTES: readonly ApiRoute[] = [
  // The catalogue: reads are public, writes are staff's; only products take a picture.
  {
    path: "/api/products",
    methods: { GET: { ...PUBLIC, query: productListQuerySchema }, POST: { ...STAFF, body: productSchema, upload: "image" } },
  },
  {
    path: "/api/products/:id",
    methods: { GET: PUBLIC, PATCH: { ...STAFF, body: productUpdateSchema, upload: "image" }, DELETE: STAFF },
  },
  { path: "/api/products/:id/variants", methods: { GET: PUBLIC, POST: { ...STAFF, body: variantSchema } } },
  // The staff area's product form: a product and its whole variant list in one call, one workflow (decision 0035).
  { path: "/api/products-with-variants", methods: { POST: { ...STAFF, body: productSaveSchema, upload: "image" } } },
  { path: "/api/products-with-variants/:id", methods: { PUT: { ...STAFF, body: productSaveSchema, upload: "image" } } },
  { path: "/api/variants/:id", methods: { GET: PUBLIC, PATCH: { ...STAFF, body: variantUpdateSchema }, DELETE: STAFF } },
  { path: "/api/categories", methods: { GET: PUBLIC, POST: { ...STAFF, body: categorySchema } } },
  { path: "/api/categories/:id", methods: { GET: PUBLIC, PUT: { ...STAFF, body: categorySchema }, DELETE: STAFF } },

  // Orders: anyone places one (limited per client); staff read them, paged, and the orders held for
  // prescription review are a pharmacist's list (decision 0041).
  {
    path: "/api/orders",
    methods: {
      GET: { ...STAFF, query: staffOrderListQuerySchema, pharmacistWhen: listsHeldOrders },
      POST: { ...PUBLIC, limit: "orders", body: legacyOrderSchema },
    },
  },
  { path: "/api/orders/:id", methods: { GET: STAFF } },
  // Staff order operations for manual payments (issue 12): record the payment, cancel.
  { path: "/api/orders/:id/mark-paid", methods: { POST: STAFF } },
  { path: "/api/orders/:id/cancel", methods: { POST: STAFF } },
  // Shipping from the staff area (issue 24): a Medusa fulfilment and shipment with the tracking label; then delivered.
  { path: "/api/orders/:id/ship", methods: { POST: { ...STAFF, body: orderShipSchema } } },
  { path: "/api/orders/:id/deliver", methods: { POST: STAFF } },
  // A new status link emailed to the customer, the old ones revoked on request (decision 0052).
  { path: "/api/orders/:id/status-link", methods: { POST: { ...STAFF, body: statusLinkResendSchema } } },

  // Staff sign-in and sessions (decisions 0006, 0042); two-step sign-in: the code step, enrolling an app (decision 0044).
  { path: "/api/token", methods: { POST: { ...PUBLIC, body: tokenSchema } } },
  { path: "/api/token/refresh", methods: { POST: { ...PUBLIC, body: refreshSchema } } },
  { path: "/api/token/logout", methods: { POST: { ...PUBLIC, body: logoutSchema } } },
  { path: "/api/token/session", methods: { GET: STAFF } },
  { path: "/api/token/mfa", methods: { POST: { ...PUBLIC, body: mfaSignInSchema } } },
  { path: "/api/mfa", methods: { GET: STAFF } },
  { path: "/api/mfa/totp", methods: { POST: STAFF } },
  { path: "/api/mfa/totp/:id/verify", methods: { POST: { ...STAFF, body: mfaVerifySchema } } },

  // Prescription requests: anyone sends one (limited per client); the review is a pharmacist's (issue 7, decision 0041):
  // audited lists without health fields, the audited read, decisions.
  { path: "/api/prescription-request", methods: { POST: { ...PUBLIC, limit: "prescription-requests", body: prescriptionRequestSchema } } },
  { path: "/api/prescription-requests", methods: { GET: { ...PHARMACIST, query: prescriptionRequestListQuerySchema } } },
  { path: "/api/prescription-requests/:id", methods: { GET: PHARMACIST } },
  { path: "/api/prescription-requests/:id/review", methods: { POST: { ...PHARMACIST, body: prescriptionReviewSchema } } },
  { path: "/api/orders/:id/prescription-review", methods: { POST: { ...PHARMACIST, body: orderPrescriptionReviewSchema } } },
  { path: "/api/orders/:id/prescription-evidence", methods: { GET: PHARMACIST } },
  { path: "/api/orders/:id/prescription-documents/:document_id", methods: { GET: PHARMACIST } },
  // The staff area's work queues with their counts (issue 24); the prescription review queue is a pharmacist's.
  {
    path: "/api/order-queues",
    methods: { GET: { ...STAFF, query: orderQueueQuerySchema, pharmacistWhen: (req) => req.validatedQuery?.queue === PHARMACIST_QUEUE } },
  },
]

/** The methods a route answers: its own, HEAD with GET (Express serves it), and OPTIONS (the gateway does). */
export function allowedMethods(route: ApiRoute): string[] {
  const own = Object.keys(route.methods)
  return [...own, ...(own.includes("GET") ? ["HEAD"] : []), "OPTIONS"]
}

/** `/api/orders/:id/cancel` -> /^\/api\/orders\/[^/]+\/cancel\/?$/: the path with or without its trailing slash. */
export function pathPattern(path: string): RegExp {
  const segments = path.split("/").map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
  return new RegExp(`^${segments.join("\\/")}\\/?$`)
}

const PATTERNS = API_ROUTES.map((route) => ({ route, pattern: pathPattern(route.path) }))

/** The route a request path (without the query string) belongs to; undefined when the API has no such path. */
export function apiRouteOf(path: string): ApiRoute | undefined {
  return PATTERNS.find(({ pattern }) => pattern.test(path))?.route
}
