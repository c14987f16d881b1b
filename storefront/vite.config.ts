import { fileURLToPath } from "node:url"

import { vitePlugin as remix } from "@remix-run/dev"
import { defineConfig } from "vite"

import { MEDICATION_FORM_MODULE, MEDICATION_FORM_PAGES } from "./app/modules/prescriptions/medication-forms"
import { minifyClientChunks } from "./vite-minify-client"

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  plugins: [
    minifyClientChunks(),
    remix({
      // Tests build into their own folder so they never replace a running `npm start` build.
      buildDirectory: process.env.STOREFRONT_BUILD_DIR || "build",
      ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/.*"],
      // Besides the file routes of app/routes/: /insulin-form and /weight-loss-form, one module
      // outside app/routes/ (so it is registered only here) with one route id per page.
      routes: (defineRoutes) =>
        defineRoutes((route) => {
          for (const page of MEDICATION_FORM_PAGES) route(page.path.slice(1), MEDICATION_FORM_MODULE, { id: page.id })
        }),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // The whole route manifest up front: lazy discovery could lose a route when a navigation is
        // aborted, and show "Page not found" for it until a reload (decision 0014).
        v3_lazyRouteDiscovery: false,
      },
    }),
  ],
  resolve: {
    // Same aliases as tsconfig.json "paths".
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@shared": fileURLToPath(new URL("../medusa-backend/src/shared", import.meta.url)),
    },
  },
  server: {
    // The storefront imports the backend's shared constants and zod schemas.
    fs: { allow: [".."] },
  },
})
