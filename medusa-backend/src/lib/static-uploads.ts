/**
 * Headers for the files Medusa serves under /static: the local file provider's
 * uploads (product pictures, and whatever staff send to /admin/uploads).
 * Decision 0040.
 *
 * Medusa 2.21 serves them with `app.use("/static", express.static(<baseDir>/static))`
 * in its Express loader (@medusajs/framework/dist/http/express-loader.js), which
 * runs before any middleware of src/api/middlewares.ts and takes no options: a
 * middleware with `matcher: "/static/*"` only ever sees the 404s. So the headers
 * are given to that one handler where it is made: express.static, called for
 * that directory, gets a `setHeaders`. instrumentation.ts installs this before
 * `medusa start` (and `medusa develop`, which runs it) builds the Express app.
 */
import type { ServerResponse } from "node:http"
import path from "node:path"

export const UPLOAD_HEADERS: Readonly<Record<string, string>> = {
  // The browser uses the type the file was stored with, never a guess from its bytes.
  "X-Content-Type-Options": "nosniff",
  // An uploaded HTML or SVG opened directly runs no script and loads nothing, in a unique origin.
  "Content-Security-Policy": "default-src 'none'; sandbox",
  // Only pages of the same site (the storefront, Medusa Admin) may embed the files.
  "Cross-Origin-Resource-Policy": "same-site",
}

type SetHeaders = (res: ServerResponse, file: string, stat: unknown) => void
type ServeStatic = ((root: string, options?: { setHeaders?: SetHeaders } & Record<string, unknown>) => unknown) & {
  [key: string | symbol]: unknown
}

const WRAPPED = Symbol.for("pharmacy.static-upload-headers")

/** The `express` module Medusa's framework loads (the one whose `static` serves /static). */
function frameworkExpress(): { static: ServeStatic } {
  const frameworkHttp = require.resolve("@medusajs/framework/http")
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a module found at run time beside Medusa's framework, not an import
  return require(require.resolve("express", { paths: [path.dirname(frameworkHttp)] }))
}

/**
 * From now on, `express.static(dir)` for the directory `uploadsDir()` names sends
 * UPLOAD_HEADERS with every file. Other directories are served as before. Safe to call twice.
 * @param uploadsDir the served directory, read when the handler is made (Medusa's `<baseDir>/static`)
 */
export function protectStaticUploads(uploadsDir: () => string, express: { static: ServeStatic } = frameworkExpress()) {
  const serveStatic = express.static
  if (serveStatic[WRAPPED]) return
  const wrapped: ServeStatic = Object.assign(
    (root: string, options?: { setHeaders?: SetHeaders } & Record<string, unknown>) => {
      if (path.resolve(root) !== path.resolve(uploadsDir())) return serveStatic(root, options)
      return serveStatic(root, {
        ...options,
        setHeaders(res: ServerResponse, file: string, stat: unknown) {
          for (const [name, value] of Object.entries(UPLOAD_HEADERS)) res.setHeader(name, value)
          options?.setHeaders?.(res, file, stat)
        },
      })
    },
    serveStatic,
    { [WRAPPED]: true }
  )
  express.static = wrapped
}
