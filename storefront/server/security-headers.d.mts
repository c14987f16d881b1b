export const FRAME_ORIGINS: string[]
export const PERMISSIONS_POLICY: string
export function createNonce(): string
export function backendPublicOrigin(env?: Record<string, string | undefined>): string | null
export function imageOrigins(env?: Record<string, string | undefined>): string[]
export function contentSecurityPolicy(options: { nonce: string; imageOrigins?: string[] }): string
export function isSecureRequest(req: { protocol?: string }): boolean
export function wantsHsts(req: { protocol?: string }, env?: Record<string, string | undefined>): boolean
export function securityHeaders(options: { nonce: string; secure: boolean; imageOrigins?: string[] }): Record<string, string>
