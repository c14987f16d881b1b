/**
 * Runs inside Medusa (`medusa exec`), started by ../import-legacy.mjs:
 * reads the legacy catalogue and imports it. Arguments: <source> [--dry-run].
 * The network policy (./guarded-fetch.ts) comes from LEGACY_IMPORT_ALLOW_HTTP and
 * LEGACY_IMPORT_ALLOW_PRIVATE_ADDRESSES (`true`), which ../import-legacy.mjs sets
 * from its --allow-http and --allow-private-addresses (`medusa exec` takes no flags of ours).
 */
import type { ExecArgs } from "@medusajs/framework/types"

import { importLegacyCatalog, type ImportReport } from "./catalog"
import { readLegacySource } from "./source"

const USAGE = "npm run import:legacy -- <file.json | legacy base URL> [--dry-run] [--allow-http] [--allow-private-addresses]"

export function formatReport(report: ImportReport, dryRun = false): string {
  const lines = [
    dryRun ? "Dry run: nothing was written." : "Import finished.",
    `  categories: ${report.categories.created} created, ${report.categories.updated} updated, ${report.categories.unchanged} unchanged`,
    `  products:   ${report.products.created} created, ${report.products.updated} updated, ${report.products.unchanged} unchanged`,
    `  variants:   ${report.variants.created} created, ${report.variants.updated} updated, ${report.variants.unchanged} unchanged`,
    `  pictures:   ${report.images.uploaded} uploaded, ${report.images.kept_remote} kept at their URL, ${report.images.unchanged} unchanged`,
  ]
  if (report.warnings.length) lines.push(`Warnings (${report.warnings.length}):`, ...report.warnings.map((w) => `  - ${w}`))
  if (report.errors.length) lines.push(`Errors (${report.errors.length}):`, ...report.errors.map((e) => `  - ${e}`))
  return lines.join("\n")
}

export default async function importLegacy({ container, args }: ExecArgs) {
  const [source, ...flags] = args
  if (!source) throw new Error(`Usage: ${USAGE}`)
  const dryRun = flags.includes("--dry-run")
  const network = {
    allowHttp: process.env.LEGACY_IMPORT_ALLOW_HTTP === "true",
    allowPrivateAddresses: process.env.LEGACY_IMPORT_ALLOW_PRIVATE_ADDRESSES === "true",
  }
  console.log(`Reading ${source}...`)
  const data = await readLegacySource(source, network)
  console.log(`Found ${data.categories.length} categories and ${data.products.length} products.`)
  const report = await importLegacyCatalog(container, data, { dryRun, network, log: (line) => console.log(line) })
  console.log(formatReport(report, dryRun))
  if (report.errors.length) {
    console.log(
      report.categories.created + report.products.created + report.variants.created
        ? "Some records were not imported."
        : "Nothing was imported."
    )
    process.exitCode = 1
  }
}
