/**
 * Medusa Admin's own product writes (POST /admin/products, /admin/products/:id,
 * /admin/products/batch) held to the rules of the product flags (decision
 * 0045), before Medusa's route runs:
 *
 * - flags parse strictly: a `metadata.prescription` or `metadata.is_popular`
 *   that is neither true nor false is refused (400), nothing saved;
 * - only pharmacists change a product's prescription flag: the metadata sent
 *   is compared with the stored product the way Medusa's product module
 *   applies it (a non-empty object is merged, a key set to "" is deleted, an
 *   empty object or null replaces it all: the last two switch the flag off);
 *   anyone else gets 403, nothing saved;
 * - each change is audited (who, product, old -> new, via "medusa-admin").
 *
 * Medusa Admin's CSV product import can rewrite any product's metadata and is
 * not checked line by line: it is for pharmacists only.
 * Medusa authenticates every /admin request before this runs (`req.auth_context`).
 */
import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"

import { flagValueErrors, parseFlagValue, readProductFlags } from "../../lib/catalog/product-flags"
import { PRESCRIPTION_MODULE } from "../../modules/prescription"
import type PrescriptionModuleService from "../../modules/prescription/service"

/** Medusa authenticated it (every /admin route); typed loosely because defineMiddlewares takes MedusaRequest handlers. */
type AdminRequest = MedusaRequest & Partial<Pick<AuthenticatedMedusaRequest, "auth_context">>

type ProductWrite = { id?: unknown; metadata?: Record<string, unknown> | null }

const asWrites = (value: unknown): ProductWrite[] => (Array.isArray(value) ? value.filter((w) => w && typeof w === "object") : [])

/** The products a request writes: what it creates, and what it updates (with their ids). */
function writesOf(req: AdminRequest): { creates: ProductWrite[]; updates: (ProductWrite & { id: string })[] } {
  const body = (req.body ?? {}) as Record<string, unknown>
  if (/\/batch\/?$/.test(req.path)) {
    const updates = asWrites(body.update).filter((w): w is ProductWrite & { id: string } => typeof w.id === "string")
    return { creates: asWrites(body.create), updates }
  }
  const id = req.params?.id
  if (id) return { creates: [], updates: [{ ...(body as ProductWrite), id }] }
  return { creates: [body as ProductWrite], updates: [] }
}

/** The prescription flag an update leaves, applied as Medusa's product module applies metadata (merge, "" deletes). */
function prescriptionAfter(update: ProductWrite, stored: boolean): boolean {
  const metadata = update.metadata
  if (metadata === undefined) return stored
  if (metadata === null || typeof metadata !== "object" || !Object.keys(metadata).length) return false
  if (!("prescription" in metadata)) return stored
  if (metadata.prescription === "") return false
  const value = parseFlagValue(metadata.prescription)
  return value === "invalid" ? true : value
}

/** A flag set to "" in an update is Medusa's way of deleting the key: not a value to refuse. */
const withoutDeletions = (metadata: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== ""))

/** For POST /admin/products, /admin/products/:id and /admin/products/batch. */
export async function guardAdminProductFlags(req: AdminRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const { creates, updates } = writesOf(req)
  for (const write of [...creates, ...updates]) {
    const metadata = write.metadata && typeof write.metadata === "object" ? write.metadata : null
    const errors = flagValueErrors(
      metadata && updates.includes(write as ProductWrite & { id: string }) ? withoutDeletions(metadata) : metadata
    )
    if (Object.keys(errors).length) throw new MedusaError(MedusaError.Types.INVALID_DATA, Object.values(errors).join(" "))
  }
  const touched = updates.filter((update) => update.metadata !== undefined)
  if (!touched.length) return next()

  const stored = await req.scope
    .resolve(Modules.PRODUCT)
    .listProducts({ id: touched.map((update) => update.id) }, { select: ["id", "metadata"], take: null })
  const before = new Map(stored.map((product) => [product.id, readProductFlags(product.metadata).prescription]))
  const changes = touched
    .filter((update) => before.has(update.id))
    .map((update) => ({ product_id: update.id, from: before.get(update.id)!, to: prescriptionAfter(update, before.get(update.id)!) }))
    .filter((change) => change.from !== change.to)
  if (!changes.length) return next()

  const prescriptions = req.scope.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
  const actorId = req.auth_context?.actor_id
  await prescriptions.assertMayChangePrescriptionFlag(actorId)
  // Audited before Medusa saves (a crash in between leaves the entry, never a change without one); an entry
  // whose request Medusa refused is removed again, as the /api workflows' compensation does.
  const entries = await Promise.all(
    changes.map((change) => prescriptions.auditFlagChange({ ...change, actor_id: actorId!, via: "medusa-admin" }))
  )
  res.on("finish", () => {
    if (res.statusCode < 400) return
    prescriptions
      .deletePrescriptionAuditEntries(entries.map((entry) => entry.id))
      .catch((error) =>
        req.scope.resolve(ContainerRegistrationKeys.LOGGER).error(`Could not remove an audit entry: ${(error as Error).message}`)
      )
  })
  next()
}

/** Medusa Admin's CSV product import: pharmacists only (it can rewrite any product's prescription flag). */
export async function requirePharmacistForProductImport(req: AdminRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  await req.scope.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).assertMayChangePrescriptionFlag(req.auth_context?.actor_id)
  next()
}
