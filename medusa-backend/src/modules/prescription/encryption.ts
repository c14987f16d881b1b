/**
 * AES-256-GCM for health information at rest (decision 0041).
 *
 * Ciphertexts are `<version>.<iv>.<tag>.<data>` (base64url):
 * - `v2` (written today): 12-byte IV, 16-byte tag, and additional authenticated
 *   data naming the table, the column and the row id, so a ciphertext copied to
 *   another row or another column does not decrypt;
 * - `v1` (read only): the same without the binding (a constant AAD). Stored v1
 *   values are re-encrypted to v2 by `upgradeStoredEncryption` (the module's
 *   migration script).
 *
 * Once every stored value is v2, the module option `requireV2` (PHI_REQUIRE_V2=true,
 * decision 0047) refuses v1 ciphertexts and plain-text notes: a value planted in
 * the database in an old shape (a v1 ciphertext copied from another row, a "note"
 * written in clear) is then an error, not something shown to a pharmacist.
 *
 * The tag length is pinned to 16 bytes on both sides: a shorter tag (which GCM
 * would otherwise accept, and which is easier to forge) is refused before
 * decrypting. Errors never include the plaintext.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"

export const CURRENT_VERSION = "v2"
const V1_AAD = Buffer.from("harbor-health:prescription:v1")
const IV_BYTES = 12
export const TAG_BYTES = 16
const ALGORITHM = "aes-256-gcm"

/** Where a ciphertext lives: it only decrypts there. */
export type CipherBinding = { table: string; field: string; id: string }

export type EncryptionKeyOptions = {
  /** 32 bytes, base64 or hex (PHI_ENCRYPTION_KEY). */
  encryptionKey?: string
  /** Development only (medusa-config.ts gives none in production): where to keep a generated key when none is configured. */
  keyFile?: string
  /** Refuse v1 ciphertexts and plain-text notes: true, or PHI_REQUIRE_V2's text ("true" / "false" / unset). */
  requireV2?: boolean | string
}

/** Keys resolved with `requireV2`: decrypting with them refuses anything older than v2. */
const V2_ONLY_KEYS = new WeakSet<Buffer>()

/** PHI_REQUIRE_V2, strictly: true/false (any case), empty or unset for false; anything else is refused. */
export function parseRequireV2(value: boolean | string | undefined): boolean {
  if (typeof value === "boolean") return value
  const text = (value ?? "").trim().toLowerCase()
  if (text === "true") return true
  if (text === "" || text === "false") return false
  throw new Error(`PHI_REQUIRE_V2 must be true or false, not "${value}".`)
}

export const V2_REQUIRED_MESSAGE =
  "refused: PHI_REQUIRE_V2=true accepts only v2 ciphertexts. If old rows remain, unset PHI_REQUIRE_V2 and run " +
  "`npx medusa exec ./src/scripts/prescription-encryption-v2.ts`, then set it again."

export function resolveEncryptionKey(options: EncryptionKeyOptions): Buffer {
  const key = readKey(options)
  if (parseRequireV2(options.requireV2)) V2_ONLY_KEYS.add(key)
  return key
}

function readKey(options: EncryptionKeyOptions): Buffer {
  if (options.encryptionKey) return parseKey(options.encryptionKey)
  if (!options.keyFile) {
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

function v2Aad({ table, field, id }: CipherBinding): Buffer {
  if (!table || !field || !id) throw new Error("An encrypted value must be bound to its table, column and row id")
  return Buffer.from(`harbor-health:phi:v2:${table}.${field}:${id}`, "utf8")
}

const B64URL = "[A-Za-z0-9_-]"
/** The shape of a ciphertext of this module (16 base64url characters = 12 bytes of IV, 22 = 16 bytes of tag). */
const CIPHERTEXT = new RegExp(`^(v1|v2)\\.${B64URL}{16}\\.${B64URL}{22}\\.${B64URL}*$`)

/** "v1" or "v2" for a value written by this module, null for anything else (e.g. a note stored in plain text). */
export function ciphertextVersion(text: string | null | undefined): "v1" | "v2" | null {
  const match = typeof text === "string" ? CIPHERTEXT.exec(text) : null
  return match ? (match[1] as "v1" | "v2") : null
}

export function encryptJson(key: Buffer, value: unknown, binding: CipherBinding): string {
  return encryptBytes(key, Buffer.from(JSON.stringify(value), "utf8"), binding)
}

/** Bytes (a patient's prescription document, issue 24) as a v2 ciphertext bound to `binding`, in the same text shape. */
export function encryptBytes(key: Buffer, plaintext: Uint8Array, binding: CipherBinding): string {
  const aad = v2Aad(binding)
  const iv = crypto.randomBytes(IV_BYTES)
  const cipher = crypto.createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(aad)
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()])
  const tag = cipher.getAuthTag()
  return [CURRENT_VERSION, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(".")
}

/** The bytes of a v2 ciphertext written by `encryptBytes` for `binding`; anything else (v1 included) is refused. */
export function decryptBytes(key: Buffer, ciphertext: string, binding: CipherBinding): Buffer {
  return decryptToBuffer(key, ciphertext, binding, { v2Only: true })
}

/**
 * Decrypts a v2 ciphertext bound to `binding`, or a v1 ciphertext (not bound).
 * Refuses other versions, IVs that are not 12 bytes and tags that are not 16.
 */
export function decryptJson<T>(key: Buffer, ciphertext: string, binding: CipherBinding): T {
  const plaintext = decryptToBuffer(key, ciphertext, binding)
  try {
    return JSON.parse(plaintext.toString("utf8")) as T
  } catch {
    // JSON.parse's message would quote the plaintext.
    throw new Error("Encrypted record could not be decrypted (not JSON)")
  }
}

function decryptToBuffer(key: Buffer, ciphertext: string, binding: CipherBinding, { v2Only = false } = {}): Buffer {
  const [version, ivText, tagText, dataText, extra] = String(ciphertext).split(".")
  if ((version !== "v1" && version !== "v2") || !ivText || !tagText || dataText === undefined || extra !== undefined) {
    throw new Error("Unreadable encrypted record")
  }
  if (version !== CURRENT_VERSION && (v2Only || V2_ONLY_KEYS.has(key))) {
    throw new Error(`A ${version} encrypted record was ${V2_REQUIRED_MESSAGE}`)
  }
  const iv = Buffer.from(ivText, "base64url")
  const tag = Buffer.from(tagText, "base64url")
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error("Unreadable encrypted record (bad IV or tag length)")
  const aad = version === "v2" ? v2Aad(binding) : V1_AAD
  try {
    const decipher = crypto.createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES })
    decipher.setAAD(aad)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(Buffer.from(dataText, "base64url")), decipher.final()])
  } catch {
    throw new Error("Encrypted record could not be decrypted (wrong key, wrong row or tampered data)")
  }
}

/** A review note: encrypted (v2) when there is one; null stays null. */
export function encryptNote(key: Buffer, note: string | null | undefined, binding: CipherBinding): string | null {
  return note === null || note === undefined || note === "" ? null : encryptJson(key, note, binding)
}

/**
 * A stored review note: decrypted when it is a ciphertext, as is when it was
 * stored before notes were encrypted (plain text carries no `v1.`/`v2.` prefix
 * of the ciphertext shape), unless the key requires v2.
 */
export function decryptNote(key: Buffer, stored: string | null | undefined, binding: CipherBinding): string | null {
  if (stored === null || stored === undefined) return null
  if (!ciphertextVersion(stored)) {
    if (stored !== "" && V2_ONLY_KEYS.has(key)) throw new Error(`A review note stored in plain text was ${V2_REQUIRED_MESSAGE}`)
    return stored
  }
  return String(decryptJson<string>(key, stored, binding))
}

/**
 * A blind index of an email address: HMAC-SHA256 under a key derived from the PHI key (never the
 * encryption key itself), over the trimmed, lower-cased address. Lets a pharmacist's view find the
 * requests sent with an order's email without storing the address in clear (issue 24).
 */
export function emailBlindIndex(key: Buffer, email: string): string {
  const indexKey = crypto.createHmac("sha256", key).update("harbor-health:phi:email-index:v1").digest()
  return crypto.createHmac("sha256", indexKey).update(email.trim().toLowerCase()).digest("base64url")
}
