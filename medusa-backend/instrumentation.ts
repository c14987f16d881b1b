/**
 * Run by `medusa start` (and so by `medusa develop`) before it builds the
 * Express app; Medusa's convention for OpenTelemetry, which is why its log says
 * "OTEL registered". We use it for what no middleware can do:
 * - read the backend's settings once and refuse to start with settings that
 *   would fail or be unsafe later (src/lib/config.ts, src/lib/deployment-settings.ts,
 *   decisions 0047, 0051);
 * - headers on the uploads Medusa serves under /static (src/lib/static-uploads.ts,
 *   decision 0040);
 * - nosniff and anti-framing headers on every answer, Medusa Admin's pages
 *   under /app included, and no-store on the APIs (src/api/utils/response-headers.ts,
 *   decision 0047): Medusa serves /app and /static before any middleware of ours.
 */
import http from "node:http"
import path from "node:path"

import { configManager } from "@medusajs/framework/config"

import { protectNextHttpServer } from "./src/api/utils/response-headers"
import { backendConfig, readBackendConfig, type SettingsEnv, settingsOrExit } from "./src/lib/config"
import { assertStartSettings } from "./src/lib/deployment-settings"
import { protectStaticUploads } from "./src/lib/static-uploads"

export function register(env: SettingsEnv = process.env, exit: (code: number) => never = process.exit) {
  // This process's settings, kept from now on (the server's, or a test's own environment).
  settingsOrExit(() => assertStartSettings(env === process.env ? backendConfig() : readBackendConfig(env)), exit)
  // The directory Medusa's Express loader serves at /static.
  protectStaticUploads(() => path.join(configManager.baseDir, "static"))
  // Medusa's start command creates its http server right after this function returns.
  protectNextHttpServer(http as unknown as Parameters<typeof protectNextHttpServer>[0])
}
