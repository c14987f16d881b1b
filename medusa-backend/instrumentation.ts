/**
 * Run by `medusa start` (and so by `medusa develop`) before it builds the
 * Express app; Medusa's convention for OpenTelemetry, which is why its log says
 * "OTEL registered". We use it for the one thing no middleware can do: headers
 * on the uploads Medusa serves under /static (src/lib/static-uploads.ts,
 * decision 0040).
 */
import path from "node:path"
import { configManager } from "@medusajs/framework/config"
import { protectStaticUploads } from "./src/lib/static-uploads"

export function register() {
  // The directory Medusa's Express loader serves at /static.
  protectStaticUploads(() => path.join(configManager.baseDir, "static"))
}
