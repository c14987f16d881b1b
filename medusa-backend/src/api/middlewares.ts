import { defineMiddlewares } from "@medusajs/framework/http"
import { categorySchema } from "../shared/schemas/category"
import { legacyOrderSchema } from "../shared/schemas/order"
import { prescriptionRequestSchema } from "../shared/schemas/prescription-request"
import { prescriptionRequestListQuerySchema, prescriptionReviewSchema, staffOrderListQuerySchema } from "../shared/schemas/prescription-review"
import { productListQuerySchema, productSchema, productUpdateSchema } from "../shared/schemas/product"
import { productSaveSchema } from "../shared/schemas/product-save"
import { logoutSchema, refreshSchema, tokenSchema } from "../shared/schemas/token"
import { variantSchema, variantUpdateSchema } from "../shared/schemas/variant"
import { apiAwareErrorHandler } from "./utils/api-error-handler"
import { apiGateway } from "./utils/api-gateway"
import { multipartFields, multipartForm, requireStaff, validateBody, validateQuery } from "./utils/api-request"
import { limitMedusaSignIn } from "./utils/login-throttle"
import { requirePharmacist, requirePharmacistWhen } from "./utils/pharmacist"
import { limitPerClient } from "./utils/request-limits"
import { backendResponseHeaders } from "./utils/response-headers"
import { validateStoreBody } from "./utils/validate"

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
    { matcher: "/api/products-with-variants", methods: ["POST"], middlewares: [requireStaff, multipartForm, validateBody(productSaveSchema)] },
    { matcher: "/api/products-with-variants/:id", methods: ["PUT"], middlewares: [requireStaff, multipartForm, validateBody(productSaveSchema)] },
    { matcher: "/api/variants/:id", methods: ["PATCH"], middlewares: [requireStaff, multipartFields, validateBody(variantUpdateSchema)] },
    { matcher: "/api/variants/:id", methods: ["DELETE"], middlewares: [requireStaff] },
    { matcher: "/api/categories", methods: ["POST"], middlewares: [requireStaff, multipartFields, validateBody(categorySchema)] },
    { matcher: "/api/categories/:id", methods: ["PUT"], middlewares: [requireStaff, multipartFields, validateBody(categorySchema)] },
    { matcher: "/api/categories/:id", methods: ["DELETE"], middlewares: [requireStaff] },
    // Paging, and optionally ?status=awaiting_prescription_review (the orders held for prescription review).
    // The held orders (that filter) are for pharmacists only (decision 0041).
    { matcher: "/api/orders", methods: ["GET"], middlewares: [requireStaff, validateQuery(staffOrderListQuerySchema), requirePharmacistWhen(listsHeldOrders)] },
    // Anonymous writes are limited per client (shopper) before anything is parsed or done.
    { matcher: "/api/orders", methods: ["POST"], middlewares: [limitPerClient("orders"), multipartFields, validateBody(legacyOrderSchema)] },
    { matcher: "/api/orders/:id", methods: ["GET"], middlewares: [requireStaff] },
    // Staff order operations for manual payments (issue 12): record the payment, cancel.
    { matcher: "/api/orders/:id/mark-paid", methods: ["POST"], middlewares: [requireStaff] },
    { matcher: "/api/orders/:id/cancel", methods: ["POST"], middlewares: [requireStaff] },
    { matcher: "/api/token", methods: ["POST"], middlewares: [multipartFields, validateBody(tokenSchema)] },
    { matcher: "/api/token/refresh", methods: ["POST"], middlewares: [multipartFields, validateBody(refreshSchema)] },
    { matcher: "/api/token/logout", methods: ["POST"], middlewares: [multipartFields, validateBody(logoutSchema)] },
    { matcher: "/api/token/session", methods: ["GET"], middlewares: [requireStaff] },
    {
      matcher: "/api/prescription-request",
      methods: ["POST"],
      middlewares: [limitPerClient("prescription-requests"), multipartFields, validateBody(prescriptionRequestSchema)],
    },

    // Medusa's own paths to the same things get the same limits: sign-ins with the staff
    // passwords, and orders placed by completing a cart through the Store API.
    { matcher: "/auth/user/emailpass", methods: ["POST"], middlewares: [limitMedusaSignIn] },
    { matcher: "/auth/customer/emailpass", methods: ["POST"], middlewares: [limitMedusaSignIn] },
    { matcher: "/store/carts/:id/complete", methods: ["POST"], middlewares: [limitPerClient("orders")] },
    // The storefront's prescription request forms (decision 0023): the legacy route's limit (same counts) and schema.
    {
      matcher: "/store/prescription-requests",
      methods: ["POST"],
      middlewares: [limitPerClient("prescription-requests"), validateStoreBody(prescriptionRequestSchema)],
    },

    // Prescription review (issue 7), pharmacists only (decision 0041): audited lists without health fields, the audited read, decisions.
    { matcher: "/api/prescription-requests", methods: ["GET"], middlewares: [requireStaff, requirePharmacist, validateQuery(prescriptionRequestListQuerySchema)] },
    { matcher: "/api/prescription-requests/:id", methods: ["GET"], middlewares: [requireStaff, requirePharmacist] },
    { matcher: "/api/prescription-requests/:id/review", methods: ["POST"], middlewares: [requireStaff, requirePharmacist, multipartFields, validateBody(prescriptionReviewSchema)] },
    { matcher: "/api/orders/:id/prescription-review", methods: ["POST"], middlewares: [requireStaff, requirePharmacist, multipartFields, validateBody(prescriptionReviewSchema)] },
  ],
})
