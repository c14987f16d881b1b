// The production builds `npm start` serves and `npm run bench` measures:
// the backend with Medusa Admin (.medusa/server) and the storefront (build/).
// Rebuilt only when their inputs changed.
import fs from "node:fs"
import path from "node:path"

import { BACKEND_DIR, binOf, buildIfChanged, fingerprint, log, ROOT, run, STOREFRONT_DIR } from "./stack.mjs"

/** What the storefront's build is made of: the same inputs make the same build, in any folder. */
const STOREFRONT_INPUTS = [
  path.join(STOREFRONT_DIR, "app"),
  path.join(STOREFRONT_DIR, "public"),
  path.join(STOREFRONT_DIR, "vite.config.ts"),
  path.join(STOREFRONT_DIR, "vite-minify-client.ts"),
  path.join(STOREFRONT_DIR, "tailwind.config.ts"),
  path.join(BACKEND_DIR, "src", "shared"),
  path.join(ROOT, "package-lock.json"),
]
const SERVER_ENTRY = path.join("server", "index.js")

/** Builds what changed; returns the directory `medusa start` runs in. */
export async function ensureProductionBuilds(env) {
  const serverDir = await ensureBackendBuild(env)
  await buildIfChanged("storefront", STOREFRONT_INPUTS, { outputDir: path.join(STOREFRONT_DIR, "build"), outputFile: SERVER_ENTRY }, () =>
    run("npm", ["run", "build"], { cwd: STOREFRONT_DIR })
  )
  return serverDir
}

/**
 * The browser tests' own storefront build (storefront/build-test, so they never replace a running
 * `npm start` build), rebuilt only when its inputs changed. When `npm start`'s build (build/) is of
 * the very same inputs, as after the `start` layer of `npm test`, it is copied instead of building
 * the same files a second time (a build takes a minute or more on the 2-core CI machine). The server
 * finds its client files next to its own folder (storefront/server/index.mjs), so the copy serves
 * exactly what a build into build-test would.
 */
export async function ensureTestStorefrontBuild(buildDir = "build-test") {
  const outputDir = path.join(STOREFRONT_DIR, buildDir)
  await buildIfChanged(`storefront (${buildDir})`, STOREFRONT_INPUTS, { outputDir, outputFile: SERVER_ENTRY }, async () => {
    const production = path.join(STOREFRONT_DIR, "build")
    const stamp = path.join(production, ".build-fingerprint")
    const upToDate =
      fs.existsSync(path.join(production, SERVER_ENTRY)) &&
      fs.existsSync(stamp) &&
      fs.readFileSync(stamp, "utf8") === fingerprint(STOREFRONT_INPUTS)
    if (upToDate) {
      fs.rmSync(outputDir, { recursive: true, force: true })
      fs.cpSync(production, outputDir, { recursive: true })
      fs.rmSync(path.join(outputDir, ".build-fingerprint"), { force: true })
      log(`storefront (${buildDir}): copied from build/, which is of the same sources`)
      return
    }
    await run("npm", ["run", "build"], { cwd: STOREFRONT_DIR, env: { ...process.env, STOREFRONT_BUILD_DIR: buildDir }, quiet: true })
  })
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
