/**
 * Real authenticator-app codes for the tests (RFC 6238 TOTP: HMAC-SHA1 over the 30-second time
 * step, dynamic truncation, 6 digits), computed from the base32 secret the staff area shows, as
 * a phone would. Written here, not imported from Medusa, so the tests check Medusa's side.
 */
import crypto from "node:crypto"

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, "").toUpperCase()
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error(`Not a base32 character: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** The code for the time step containing `at` (milliseconds), `digits` long. */
export function totp(secret: string, at = Date.now(), digits = 6): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)))
  const mac = crypto.createHmac("sha1", base32Decode(secret)).update(counter).digest()
  const offset = mac[mac.length - 1] & 0x0f
  const number = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits
  return String(number).padStart(digits, "0")
}

/** A 6-digit code that is certainly wrong now (none of the steps the server accepts). */
export function wrongTotp(secret: string, at = Date.now()): string {
  const accepted = new Set([-30_000, 0, 30_000].map((shift) => totp(secret, at + shift)))
  for (let n = 0; ; n++) {
    const candidate = String((Number(totp(secret, at)) + 500_000 + n) % 1_000_000).padStart(6, "0")
    if (!accepted.has(candidate)) return candidate
  }
}
