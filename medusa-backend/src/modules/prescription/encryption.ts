/**
 * AES-256-GCM for health information at rest. Ciphertexts are
 * `v1.<iv>.<tag>.<data>` (base64url), so a later key rotation can tell versions
 * apart. Errors never include the plaintext.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"

const VERSION = "v1"
const AAD = Buffer.from("harbor-health:prescription:v1")

export type EncryptionKeyOptions = {
  /** 32 bytes, base64 or hex (PHI_ENCRYPTION_KEY). */
  encryptionKey?: string
  /** Development only: where to keep a generated key when none is configured. */
  keyFile?: string
}

export function resolveEncryptionKey(options: EncryptionKeyOptions, env = process.env): Buffer {
  if (options.encryptionKey) return parseKey(options.encryptionKey)
  if (env.NODE_ENV === "production" || !options.keyFile) {
    throw new Error("PHI_ENCRYPTION_KEY is not set: the prescription module cannot store health information.")
  }
  if (!fs.existsSync(options.keyFile)) {
    fs.mkdirSync(path.dirname(options.keyFile), { recursive: true })
    fs.writeFileSync(options.keyFile, crypto.randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" })
  }
  return parseKey(fs.readFileSync(options.keyFile, "utf8").trim())
}

function parseKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64")
  if (key.length !== 32) throw new Error("PHI_ENCRYPTION_KEY must be 32 bytes (base64 or hex).")
  return key
}

export function encryptJson(key: Buffer, value: unknown): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv)
  cipher.setAAD(AAD)
  const data = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), data].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".")
}

export function decryptJson<T>(key: Buffer, ciphertext: string): T {
  const [version, iv, tag, data] = ciphertext.split(".")
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Unreadable encrypted record")
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"))
    decipher.setAAD(AAD)
    decipher.setAuthTag(Buffer.from(tag, "base64url"))
    const plaintext = Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()])
    return JSON.parse(plaintext.toString("utf8")) as T
  } catch {
    throw new Error("Encrypted record could not be decrypted (wrong key or tampered data)")
  }
}
