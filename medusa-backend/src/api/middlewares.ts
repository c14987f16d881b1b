import { defineMiddlewares } from "@medusajs/framework/http"

import { categorySchema } from "../shared/schemas/category"
import { legacyOrderSchema } from "../shared/schemas/order"
import { prescriptionRequestSchema } from "../shared/schemas/prescription-request"
import {
  prescriptionRequestListQuerySchema,
  prescriptionReviewSchema,
  staffOrderListQuerySchema,
} from "../shared/schemas/prescription-review"
import { productListQuerySchema, productSchema, productUpdateSchema } from "../shared/schemas/product"
import { productSaveSchema } from "../shared/schemas/product-save"
import { logoutSchema, mfaSignInSchema, mfaVerifySchema, refreshSchema, tokenSchema } from "../shared/schemas/token"
import { variantSchema, variantUpdateSchema } from "../shared/schemas/variant"
import { apiAwareErrorHandler } from "./utils/api-error-handler"
import { apiGateway } from "./utils/api-gateway"
import { multipartFields, multipartForm, requireStaff, validateBody, validateQuery } from "./utils/api-request"
import { guardMedusaAuth } from "./utils/medusa-auth-guard"
import { requirePharmacist, requirePharmacistWhen } from "./utils/pharmacist"
import { guardAdminProductFlags, requirePharmacistForProductImport } from "./utils/product-flag-guard"
import { limitPerClient } from "./utils/request-limits"
import { backendResponseHeaders } from "./utils/response-headers"
import {
  answerCompletionWithinGrace,
  checkStoreApiSettings,
  refuseClosedRoutes,
  refuseCompletedCarts,
  triesPromotionCodes,
} from "./utils/store-api-guard"
import { validateStoreBody } from "./utils/validate"

// A bad limit or grace setting stops the server at start, naming the variable.
checkStoreApiSettings()

const listsHeldOrders = (req: { validatedQuery?: Record<string, unknown> }) => req.validatedQuery?.status === "awaiting_prescription_review"

export default defineMiddlewares({
  // Legacy JSON errors under /api ({"detail": ...}); Medusa's own handler everywhere else.
  errorHandler: apiAwareErrorHandler,
  routes: [
    // No caching of personal answers, no sniffing, no framing on every API (decision 0047); instrumentation.ts adds them
    // to what Medusa answers before these run (Medusa Admin under /app, /static, its own early refusals).
    { matcher: "/api", middlewares: [backendResponseHeaders] },
    { matcher: "/store", middlewares: [backendResponseHeaders] },
    { matcher: "/admin", middlewares: [backendResponseHeaders] },
    { matcher: "/auth", middlewares: [backendResponseHeaders] },
    // The legacy /api (spec §7). Staff first, then parsing: an anonymous request is refused before its body is read.
    // Bodies may be JSON, urlencoded or multipart; only products take a file (the image).
    { matcher: "/api", middlewares: [apiGateway] },
    { matcher: "/api/products", methods: ["GET"], middlewares: [validateQuery(productListQuerySchema)] },
    { matcher: "/api/products", methods: ["POST"], middlewares: [requireStaff, multipartForm, validateBody(productSchema)] },
    { matcher: "/api/products/:id", methods: ["PATCH"], middlewares: [requireStaff, multipartForm, validateBody(productUpdateSchema)] },
    { matcher: "/api/products/:id", methods: ["DELETE"], middlewares: [requireStaff] },
    { matcher: "/api/products/:id/variants", methods: ["POST"], middlewares: [requireStaff, multipartFields, validateBody(variantSchema)] },
    // The staff area's product form: a product and its whole variant list in one call, one workflow (decision 0035).
    {
      matcher: "/api/products-with-variants",
      methods: ["POST"],
      middlewares: [requireStaff, multipartForm, validateBody(productSaveSchema)],
    },
    {
      matcher: "/api/products-with-variants/:id",
      methods: ["PUT"],
      middlewares: [requireStaff, multipartForm, validateBody(productSaveSchema)],
    },
    { matcher: "/api/variants/:id", methods: ["PATCH"], middlewares: [requireStaff, multipartFields, validateBody(variantUpdateSchema)] },
    { matcher: "/api/variants/:id", methods: ["DELETE"], middlewares: [requireStaff] },
    { matcher: "/api/categories", methods: ["POST"], middlewares: [requireStaff, multipartFields, validateBody(categorySchema)] },
    { matcher: "/api/categories/:id", methods: ["PUT"], middlewares: [requireStaff, multipartFields, validateBody(categorySchema)] },
    { matcher: "/api/categories/:id", methods: ["DELETE"], middlewares: [requireStaff] },
    // Paging, and optionally ?status=awaiting_prescription_review (the orders held for prescription review).
    // The held orders (that filter) are for pharmacists only (decision 0041).
    {
      matcher: "/api/orders",
      methods: ["GET"],
      middlewares: [requireStaff, validateQuery(staffOrderListQuerySchema), requirePharmacistWhen(listsHeldOrders)],
    },
    // Anonymous writes are limited per client (shopper) before anything is parsed or done.
    {
      matcher: "/api/orders",
      methods: ["POST"],
      middlewares: [limitPerClient("orders"), multipartFields, validateBody(legacyOrderSchema)],
    },
    { matcher: "/api/orders/:id", methods: ["GET"], middlewares: [requireStaff] },
    // Staff order operations for manual payments (issue 12): record the payment, cancel.
    { matcher: "/api/orders/:id/mark-paid", methods: ["POST"], middlewares: [requireStaff] },
    { matcher: "/api/orders/:id/cancel", methods: ["POST"], middlewares: [requireStaff] },
    { matcher: "/api/token", methods: ["POST"], middlewares: [multipartFields, validateBody(tokenSchema)] },
    { matcher: "/api/token/refresh", methods: ["POST"], middlewares: [multipartFields, validateBody(refreshSchema)] },
    { matcher: "/api/token/logout", methods: ["POST"], middlewares: [multipartFields, validateBody(logoutSchema)] },
    { matcher: "/api/token/session", methods: ["GET"], middlewares: [requireStaff] },
    // Two-step sign-in (decision 0044): the code step of a sign-in (limited like the password step), enrolling an app.
    { matcher: "/api/token/mfa", methods: ["POST"], middlewares: [multipartFields, validateBody(mfaSignInSchema)] },
    { matcher: "/api/mfa", methods: ["GET"], middlewares: [requireStaff] },
    { matcher: "/api/mfa/totp", methods: ["POST"], middlewares: [requireStaff] },
    { matcher: "/api/mfa/totp/:id/verify", methods: ["POST"], middlewares: [requireStaff, multipartFields, validateBody(mfaVerifySchema)] },
    {
      matcher: "/api/prescription-request",
      methods: ["POST"],
      middlewares: [limitPerClient("prescription-requests"), multipartFields, validateBody(prescriptionRequestSchema)],
    },

    // Routes the shop does not offer are refused first (404, decision 0046), before any limit counts them.
    { matcher: "/store", middlewares: [refuseClosedRoutes] },
    { matcher: "/auth", middlewares: [refuseClosedRoutes] },
    // Medusa's own paths to the same things get the same limits: every /auth route that checks a
    // password or a code or mints a token, whatever the method or the path's encoding (the guard
    // decodes and classifies the path itself), registration by invitation only, the password
    // policy (decision 0044); and orders placed by completing a cart through the Store API.
    { matcher: "/auth", middlewares: [guardMedusaAuth] },
    // A completed cart answers its completion (its order) for a grace period only (decision 0046).
    { matcher: "/store/carts/:id/complete", methods: ["POST"], middlewares: [limitPerClient("orders"), answerCompletionWithinGrace] },
    // The storefront's prescription request forms (decision 0023): the legacy route's limit (same counts) and schema.
    {
      matcher: "/store/prescription-requests",
      methods: ["POST"],
      middlewares: [limitPerClient("prescription-requests"), validateStoreBody(prescriptionRequestSchema)],
    },

    // A guest's order status through the signed link of their emails (decision 0050), limited per client.
    { matcher: "/store/order-status/:token", methods: ["GET"], middlewares: [limitPerClient("order-status")] },

    // Medusa's Store API closed where the shop does not use it (decision 0046): orders by id, returns, order
    // transfer, customer accounts and their sign-in are 404 on every path encoding; a completed cart answers
    // nothing but its completion. New carts and promotion codes tried are limited per shopper.
    { matcher: "/store/carts/:id", middlewares: [refuseCompletedCarts] },
    {
      matcher: "/store/carts",
      methods: ["POST"],
      middlewares: [limitPerClient("carts"), limitPerClient("promotion-codes", triesPromotionCodes)],
    },
    { matcher: "/store/carts/:id", methods: ["POST"], middlewares: [limitPerClient("promotion-codes", triesPromotionCodes)] },
    { matcher: "/store/carts/:id/promotions", methods: ["POST"], middlewares: [limitPerClient("promotion-codes", triesPromotionCodes)] },

    // Prescription review (issue 7), pharmacists only (decision 0041): audited lists without health fields, the audited read, decisions.
    {
      matcher: "/api/prescription-requests",
      methods: ["GET"],
      middlewares: [requireStaff, requirePharmacist, validateQuery(prescriptionRequestListQuerySchema)],
    },
    { matcher: "/api/prescription-requests/:id", methods: ["GET"], middlewares: [requireStaff, requirePharmacist] },
    {
      matcher: "/api/prescription-requests/:id/review",
      methods: ["POST"],
      middlewares: [requireStaff, requirePharmacist, multipartFields, validateBody(prescriptionReviewSchema)],
    },
    {
      matcher: "/api/orders/:id/prescription-review",
      methods: ["POST"],
      middlewares: [requireStaff, requirePharmacist, multipartFields, validateBody(prescriptionReviewSchema)],
    },

    // Medusa Admin's product writes (decision 0045): flags parse strictly; only pharmacists change the prescription flag (audited).
    // Medusa's static routes (/batch, /import, /imports) are matched before "/:id": each needs its own entry.
    { matcher: "/admin/products", methods: ["POST"], middlewares: [guardAdminProductFlags] },
    { matcher: "/admin/products/batch", methods: ["POST"], middlewares: [guardAdminProductFlags] },
    { matcher: "/admin/products/:id", methods: ["POST"], middlewares: [guardAdminProductFlags] },
    { matcher: "/admin/products/import", methods: ["POST"], middlewares: [requirePharmacistForProductImport] },
    { matcher: "/admin/products/imports", methods: ["POST"], middlewares: [requirePharmacistForProductImport] },
    { matcher: "/admin/products/import/:transaction_id/confirm", methods: ["POST"], middlewares: [requirePharmacistForProductImport] },
    { matcher: "/admin/products/imports/:transaction_id/confirm", methods: ["POST"], middlewares: [requirePharmacistForProductImport] },
  ],
})
