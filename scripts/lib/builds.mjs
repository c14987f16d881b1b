// The production builds `npm start` serves and `npm run bench` measures:
// the backend with Medusa Admin (.medusa/server) and the storefront (build/).
// Rebuilt only when their inputs changed.
import fs from "node:fs"
import path from "node:path"

import { BACKEND_DIR, binOf, buildIfChanged, ROOT, run, STOREFRONT_DIR } from "./stack.mjs"

/** Builds what changed; returns the directory `medusa start` runs in. */
export async function ensureProductionBuilds(env) {
  const serverDir = await ensureBackendBuild(env)
  await buildIfChanged(
    "storefront",
    [
      path.join(STOREFRONT_DIR, "app"),
      path.join(STOREFRONT_DIR, "public"),
      path.join(STOREFRONT_DIR, "vite.config.ts"),
      path.join(STOREFRONT_DIR, "vite-minify-client.ts"),
      path.join(STOREFRONT_DIR, "tailwind.config.ts"),
      path.join(BACKEND_DIR, "src", "shared"),
      path.join(ROOT, "package-lock.json"),
    ],
    { outputDir: path.join(STOREFRONT_DIR, "build"), outputFile: path.join("server", "index.js") },
    () => run("npm", ["run", "build"], { cwd: STOREFRONT_DIR })
  )
  return serverDir
}

/** The backend's production build (with Medusa Admin) in .medusa/server; returns that directory. */
export async function ensureBackendBuild(env) {
  const serverDir = path.join(BACKEND_DIR, ".medusa", "server")
  await buildIfChanged(
    "backend",
    [
      path.join(BACKEND_DIR, "src"),
      path.join(BACKEND_DIR, "instrumentation.ts"),
      path.join(ROOT, "medusa-config.ts"),
      path.join(BACKEND_DIR, "tsconfig.json"),
      path.join(ROOT, "package-lock.json"),
    ],
    { outputDir: serverDir, outputFile: "medusa-config.js" },
    () =>
      run(process.execPath, [binOf("@medusajs/cli", "medusa"), "build"], {
        cwd: BACKEND_DIR,
        env: { ...env, MEDUSA_ADMIN_DISABLED: "false" },
      })
  )
  // Uploaded files live in medusa-backend/static, which outlives rebuilds of .medusa/server.
  fs.mkdirSync(path.join(BACKEND_DIR, "static"), { recursive: true })
  const staticLink = path.join(serverDir, "static")
  if (!fs.existsSync(staticLink)) fs.symlinkSync(path.join(BACKEND_DIR, "static"), staticLink)
  return serverDir
}
