/**
 * Remix's default streaming entry for Node (`npx remix reveal`), with the
 * Content-Security-Policy nonce of this response (from the load context, see
 * server/index.mjs and decision 0040) given to Remix's streamed scripts and to
 * the layout's <Scripts> and <ScrollRestoration> (app/lib/nonce.ts).
 * Bots get the whole document at once; browsers get it streamed.
 */
import { PassThrough } from "node:stream"

import type { AppLoadContext, EntryContext } from "@remix-run/node"
import { createReadableStreamFromReadable } from "@remix-run/node"
import { RemixServer } from "@remix-run/react"
import { isbot } from "isbot"
import { renderToPipeableStream } from "react-dom/server"

import { NonceContext } from "~/lib/nonce"

/** How long data may keep streaming after the shell (single fetch reads it). */
export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext
) {
  const nonce = loadContext.cspNonce
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    // Abort a little after the data stream gave up, so its rejections reach the browser.
    const abortLater = setTimeout(() => abort(), streamTimeout + 1000)
    const ready = () => {
      shellRendered = true
      const body = new PassThrough()
      // A finished document drops its abort timer: a busy server would otherwise keep one per recent render.
      body.once("close", () => clearTimeout(abortLater))
      const stream = createReadableStreamFromReadable(body)
      responseHeaders.set("Content-Type", "text/html")
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
      pipe(body)
    }
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        // React's own inline scripts (streamed Suspense boundaries) need it too.
        nonce,
        onShellReady: waitForAll ? undefined : ready,
        onAllReady: waitForAll ? ready : undefined,
        onShellError(error: unknown) {
          clearTimeout(abortLater)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors while rendering the shell reject and are logged by Remix; only log later ones.
          if (shellRendered) console.error(error)
        },
      }
    )
  })
}
