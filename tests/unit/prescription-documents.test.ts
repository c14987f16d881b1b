/**
 * A patient's prescription document (issue 24, decision 0053): its type from the content's first
 * bytes only, its kept name, and the bytes' encryption bound to the document's row.
 */
import crypto from "node:crypto"

import { describe, expect, it } from "vitest"

import { decryptBytes, encryptBytes, encryptJson } from "../../medusa-backend/src/modules/prescription/encryption"
import { sanitizeFileName, sniffDocumentType } from "../../medusa-backend/src/shared/prescription-documents"

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part)))
/** An ISO-BMFF file's start: box size, "ftyp", the major brand. */
const ftyp = (brand: string) => bytes([0x00, 0x00, 0x00, 0x18], "ftyp", brand, [0, 0, 0, 0], "mif1heic")

describe("sniffDocumentType", () => {
  it("knows PDF, JPEG, PNG and HEIC by their magic bytes", () => {
    expect(sniffDocumentType(bytes("%PDF-1.7\n"))).toBe("application/pdf")
    expect(sniffDocumentType(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF"))).toBe("image/jpeg")
    expect(sniffDocumentType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR"))).toBe("image/png")
    for (const brand of ["heic", "heix", "hevc", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]) {
      expect(sniffDocumentType(ftyp(brand)), brand).toBe("image/heic")
    }
  })

  it("refuses anything else, whatever it is called: executables, scripts, other ISO-BMFF brands, truncated signatures", () => {
    expect(sniffDocumentType(bytes("MZ", [0x90, 0x00, 0x03], "This program cannot be run in DOS mode"))).toBeNull()
    expect(sniffDocumentType(bytes([0x7f], "ELF"))).toBeNull()
    expect(sniffDocumentType(bytes("<html><script>alert(1)</script>"))).toBeNull()
    expect(sniffDocumentType(bytes("%PDF"))).toBeNull()
    expect(sniffDocumentType(bytes([0xff, 0xd8]))).toBeNull()
    expect(sniffDocumentType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeNull()
    expect(sniffDocumentType(ftyp("isom"))).toBeNull()
    expect(sniffDocumentType(ftyp("qt  "))).toBeNull()
    expect(sniffDocumentType(bytes([0, 0, 0, 0x18], "ftyp", "he"))).toBeNull()
    expect(sniffDocumentType(bytes(" %PDF-1.7"))).toBeNull()
    expect(sniffDocumentType(new Uint8Array())).toBeNull()
  })
})

describe("sanitizeFileName", () => {
  it("keeps the base name without folders, control characters or quotes, at most 200 characters, with its extension", () => {
    expect(sanitizeFileName("C:\\Users\\me\\scan.pdf", "application/pdf")).toBe("scan.pdf")
    expect(sanitizeFileName("../../etc/passwd", "application/pdf")).toBe("passwd")
    expect(sanitizeFileName('my "rx"\r\n.png', "image/png")).toBe("my rx.png")
    expect(sanitizeFileName("..hidden.jpg", "image/jpeg")).toBe("hidden.jpg")
    const long = sanitizeFileName(`${"a".repeat(300)}.heic`, "image/heic")
    expect(long).toHaveLength(200)
    expect(long.endsWith(".heic")).toBe(true)
  })

  it("names a file left without a name by its detected type", () => {
    expect(sanitizeFileName("", "application/pdf")).toBe("prescription.pdf")
    expect(sanitizeFileName(undefined, "image/heic")).toBe("prescription.heic")
    expect(sanitizeFileName('/\\"', "image/jpeg")).toBe("prescription.jpg")
  })
})

describe("encryptBytes", () => {
  const key = crypto.randomBytes(32)
  const binding = { table: "prescription_document", field: "ciphertext", id: "rxdoc_1" }

  it("round-trips the bytes, never contains them, and decrypts only for its row", () => {
    const plain = bytes("%PDF-1.4 patient prescription", [0, 1, 2, 255])
    const stored = encryptBytes(key, plain, binding)
    expect(stored).toMatch(/^v2\./)
    expect(stored).not.toContain(Buffer.from(plain).toString("base64url"))
    expect(new Uint8Array(decryptBytes(key, stored, binding))).toEqual(plain)
    expect(() => decryptBytes(key, stored, { ...binding, id: "rxdoc_2" })).toThrow(/could not be decrypted/)
    expect(() => decryptBytes(crypto.randomBytes(32), stored, binding)).toThrow(/could not be decrypted/)
  })

  it("refuses a v1 ciphertext (documents were always v2)", () => {
    const v2 = encryptJson(key, "x", binding)
    expect(() => decryptBytes(key, v2.replace(/^v2\./, "v1."), binding)).toThrow(/v1 encrypted record/)
  })
})
