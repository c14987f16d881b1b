/**
 * AES-256-GCM of health information at rest (decision 0041): format v2 binds
 * each ciphertext to its table, column and row; the tag length is pinned to 16
 * bytes; v1 (constant additional data) and plain-text notes still read.
 */
import crypto from "node:crypto"

import { describe, expect, it } from "vitest"

import {
  type CipherBinding,
  ciphertextVersion,
  decryptJson,
  decryptNote,
  encryptJson,
  encryptNote,
  resolveEncryptionKey,
} from "../../medusa-backend/src/modules/prescription/encryption"

const key = crypto.randomBytes(32)
const row: CipherBinding = { table: "prescription_request", field: "health_ciphertext", id: "rxreq_01KAAAAAAAAAAAAAAAAAAAAAAA" }
const secret = { currentMedications: "Metformin 1000 mg", knownAllergies: "Penicillin" }

const parts = (ciphertext: string) => {
  const [version, iv, tag, data] = ciphertext.split(".")
  return { version, iv: Buffer.from(iv, "base64url"), tag: Buffer.from(tag, "base64url"), data: Buffer.from(data, "base64url") }
}

/** What the module wrote before v2: the same cipher with a constant AAD. */
function encryptV1(value: unknown): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv)
  cipher.setAAD(Buffer.from("harbor-health:prescription:v1"))
  const data = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()])
  return ["v1", iv, cipher.getAuthTag(), data].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".")
}

describe("PHI encryption, format v2", () => {
  it("writes v2 with a 12-byte IV and a 16-byte tag, and reads it back in its own row and column", () => {
    const ciphertext = encryptJson(key, secret, row)
    expect(ciphertextVersion(ciphertext)).toBe("v2")
    const { iv, tag } = parts(ciphertext)
    expect(iv).toHaveLength(12)
    expect(tag).toHaveLength(16)
    expect(ciphertext).not.toContain("Metformin")
    expect(decryptJson(key, ciphertext, row)).toEqual(secret)
  })

  it("does not decrypt in another row, another column or another table", () => {
    const ciphertext = encryptJson(key, secret, row)
    for (const elsewhere of [
      { ...row, id: "rxreq_01KBBBBBBBBBBBBBBBBBBBBBBB" },
      { ...row, field: "contact_ciphertext" },
      { ...row, table: "order_prescription_review" },
    ]) {
      expect(() => decryptJson(key, ciphertext, elsewhere)).toThrow(/could not be decrypted/)
    }
    expect(() => encryptJson(key, secret, { ...row, id: "" })).toThrow(/bound/)
  })

  it("refuses a truncated authentication tag (the length is pinned to 16 bytes)", () => {
    const ciphertext = encryptJson(key, secret, row)
    const { version, iv, tag, data } = parts(ciphertext)
    for (const length of [4, 8, 12, 15]) {
      const truncated = [version, iv.toString("base64url"), tag.subarray(0, length).toString("base64url"), data.toString("base64url")].join(
        "."
      )
      expect(() => decryptJson(key, truncated, row)).toThrow(/tag length/)
    }
    // Node's GCM accepts a short tag when no length is pinned: the check above is what stops it.
    const shortTagCipher = crypto.createCipheriv("aes-256-gcm", key, iv, { authTagLength: 4 })
    shortTagCipher.setAAD(Buffer.from(`harbor-health:phi:v2:${row.table}.${row.field}:${row.id}`))
    const forged = Buffer.concat([shortTagCipher.update(JSON.stringify(secret), "utf8"), shortTagCipher.final()])
    const withShortTag = [
      "v2",
      iv.toString("base64url"),
      shortTagCipher.getAuthTag().toString("base64url"),
      forged.toString("base64url"),
    ].join(".")
    expect(() => decryptJson(key, withShortTag, row)).toThrow(/tag length/)
  })

  it("refuses tampered data, a wrong key and unknown versions", () => {
    const ciphertext = encryptJson(key, secret, row)
    const { iv, tag, data } = parts(ciphertext)
    data[0] ^= 1
    const tampered = ["v2", iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(".")
    expect(() => decryptJson(key, tampered, row)).toThrow(/could not be decrypted/)
    expect(() => decryptJson(crypto.randomBytes(32), ciphertext, row)).toThrow(/could not be decrypted/)
    expect(() => decryptJson(key, ciphertext.replace(/^v2/, "v3"), row)).toThrow(/Unreadable/)
    expect(() => decryptJson(key, `${ciphertext}.extra`, row)).toThrow(/Unreadable/)
  })

  it("still reads v1 ciphertexts (constant additional data), wherever they are", () => {
    const old = encryptV1(secret)
    expect(ciphertextVersion(old)).toBe("v1")
    expect(decryptJson(key, old, row)).toEqual(secret)
  })
})

describe("review notes", () => {
  const noteRow: CipherBinding = { table: "order_prescription_review", field: "note", id: "rxord_01KAAAAAAAAAAAAAAAAAAAAAAA" }

  it("are encrypted when there is one, and read back; no note stays null", () => {
    const stored = encryptNote(key, "Thyroid history needs a doctor's visit", noteRow)!
    expect(ciphertextVersion(stored)).toBe("v2")
    expect(stored).not.toContain("Thyroid")
    expect(decryptNote(key, stored, noteRow)).toBe("Thyroid history needs a doctor's visit")
    expect(encryptNote(key, null, noteRow)).toBeNull()
    expect(encryptNote(key, "", noteRow)).toBeNull()
    expect(decryptNote(key, null, noteRow)).toBeNull()
  })

  it("stored before encryption (plain text, no ciphertext shape) read as they are, even when they start like a version", () => {
    expect(decryptNote(key, "Valid script on file", noteRow)).toBe("Valid script on file")
    expect(decryptNote(key, "v2. Called the prescriber", noteRow)).toBe("v2. Called the prescriber")
    expect(decryptNote(key, encryptV1("Old note"), noteRow)).toBe("Old note")
  })
})

describe("PHI_REQUIRE_V2=true, once every stored value is v2 (decision 0047)", () => {
  const noteRow: CipherBinding = { table: "order_prescription_review", field: "note", id: "rxord_01KAAAAAAAAAAAAAAAAAAAAAAA" }
  const text = key.toString("base64")
  const strict = resolveEncryptionKey({ encryptionKey: text, requireV2: "true" })
  const lenient = resolveEncryptionKey({ encryptionKey: text, requireV2: "false" })

  it("refuses a v1 ciphertext (not bound to its row) and a note planted in plain text", () => {
    const old = encryptV1(secret)
    expect(decryptJson(lenient, old, row)).toEqual(secret)
    expect(() => decryptJson(strict, old, row)).toThrow(
      /^A v1 encrypted record was refused: PHI_REQUIRE_V2=true accepts only v2 ciphertexts/
    )
    expect(decryptNote(lenient, "Approved, call the patient", noteRow)).toBe("Approved, call the patient")
    expect(() => decryptNote(strict, "Approved, call the patient", noteRow)).toThrow(/^A review note stored in plain text was refused/)
    expect(() => decryptNote(strict, encryptV1("Old note"), noteRow)).toThrow(/v1 encrypted record was refused/)
  })

  it("reads v2 as before; no note stays no note", () => {
    expect(decryptJson(strict, encryptJson(strict, secret, row), row)).toEqual(secret)
    expect(decryptNote(strict, encryptNote(strict, "Script verified", noteRow), noteRow)).toBe("Script verified")
    expect(decryptNote(strict, null, noteRow)).toBeNull()
  })

  it("is a strict setting: anything but true or false stops the module from loading", () => {
    expect(() => resolveEncryptionKey({ encryptionKey: text, requireV2: "on" })).toThrow('PHI_REQUIRE_V2 must be true or false, not "on".')
  })
})
