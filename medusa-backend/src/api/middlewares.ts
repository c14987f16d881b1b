import { defineMiddlewares } from "@medusajs/framework/http"

import { catalogQuerySchema, catalogSuggestionsSchema } from "../shared/schemas/catalog-query"
import { orderLookupSchema } from "../shared/schemas/order-lookup"
import { prescriptionRequestSchema } from "../shared/schemas/prescription-request"
import { apiAwareErrorHandler } from "./utils/api-error-handler"
import { apiGateway } from "./utils/api-gateway"
import { apiRouteMiddlewares } from "./utils/api-route-middlewares"
import { documentUpload } from "./utils/document-upload"
import { guardMedusaAuth } from "./utils/medusa-auth-guard"
import { guardAdminProductFlags, requirePharmacistForProductImport } from "./utils/product-flag-guard"
import { limitPerClient, limitPerEmail } from "./utils/request-limits"
import { backendResponseHeaders } from "./utils/response-headers"
import { answerCompletionWithinGrace, refuseClosedRoutes, refuseCompletedCarts, triesPromotionCodes } from "./utils/store-api-guard"
import { validateBody, validateQuery } from "./utils/validate"

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
    // The legacy /api (spec §7): its front door (CORS, JSON 404/405), then each call's middlewares, built from the
    // route table (src/api/api-routes.ts): who first, then limits, then parsing; an anonymous request to a staff call
    // is refused before its body is read.
    { matcher: "/api", middlewares: [apiGateway] },
    ...apiRouteMiddlewares(),

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
      middlewares: [limitPerClient("prescription-requests"), validateBody(prescriptionRequestSchema)],
    },

    // The storefront's catalogue read model: its query, validated (decision 0012).
    { matcher: "/store/catalog/products", methods: ["GET"], middlewares: [validateQuery(catalogQuerySchema)] },
    { matcher: "/store/catalog/suggestions", methods: ["GET"], middlewares: [validateQuery(catalogSuggestionsSchema)] },

    // A guest's order status through the signed link of their emails (decision 0050), limited per client.
    { matcher: "/store/order-status/:token", methods: ["GET"], middlewares: [limitPerClient("order-status")] },
    // The patient's prescription document for an order awaiting review (issue 24, decision 0053): per client, then
    // the multipart body (one file, at most 10 MB, in memory; the route checks its type and stores it encrypted).
    {
      matcher: "/store/order-status/:token/documents",
      methods: ["POST"],
      middlewares: [limitPerClient("prescription-documents"), documentUpload],
    },
    // The order a cart just became (the confirmation page); "Find my order", per client and per address (decision 0052).
    { matcher: "/store/order-status/carts/:cart_id", methods: ["GET"], middlewares: [limitPerClient("order-status")] },
    {
      matcher: "/store/order-status/lookup",
      methods: ["POST"],
      middlewares: [limitPerClient("order-lookup"), validateBody(orderLookupSchema), limitPerEmail("order-lookup-email")],
    },

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
