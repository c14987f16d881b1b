import { vitePlugin as remix } from "@remix-run/dev"
import { defineConfig } from "vite"
import { fileURLToPath } from "node:url"

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  plugins: [
    remix({
      // Tests build into their own folder so they never replace a running `npm start` build.
      buildDirectory: process.env.STOREFRONT_BUILD_DIR || "build",
      ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
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
