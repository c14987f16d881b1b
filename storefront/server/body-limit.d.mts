import type { IncomingMessage, ServerResponse } from "node:http"
import type { Readable } from "node:stream"

import type { ServerBuild } from "@remix-run/node"

type Req = IncomingMessage & { path: string; get(name: string): string | undefined }
type Res = ServerResponse & { locals: Record<string, unknown> }
type Next = (error?: unknown) => void

export const SHOPPER_BODY_LIMIT: number
export const STAFF_UPLOAD_LIMIT: number
export const DOCUMENT_UPLOAD_LIMIT: number
export function bodyLimitFor(path: string): number
export function refuseLargeBodies(req: Req, res: Res, next: Next): void
export function limitedBody(req: Req, res: Res, limit?: number, onRefused?: () => void): Readable
export function createRemixHandler(options: {
  build: ServerBuild
  mode?: string
  getLoadContext?: (req: Req, res: Res) => unknown
}): (req: Req, res: Res, next: Next) => Promise<void>
