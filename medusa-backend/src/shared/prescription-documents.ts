/**
 * A patient's prescription document (issue 24, decision 0053): what may be uploaded, checked from
 * the content's first bytes (never the file's name or the browser's type), and how its name is kept.
 * Shared with the storefront's upload form (the hint and the size). No Medusa imports.
 */

export const DOCUMENT_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/heic"] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/** At most 10 MB (10 × 1024 × 1024 bytes). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024

export const DOCUMENT_HINT = "PDF, JPEG, PNG or HEIC, at most 10 MB"
export const DOCUMENT_TYPE_MESSAGE = "Upload a PDF, JPEG, PNG or HEIC file."
export const DOCUMENT_SIZE_MESSAGE = "The file is larger than 10 MB. Upload a smaller file (a photo or a scan of the prescription)."
export const DOCUMENT_MISSING_MESSAGE = "Choose the prescription file to upload."
export const DOCUMENT_NOT_AWAITED_MESSAGE =
  "This order is not waiting for a prescription: documents can be uploaded only while the pharmacist's review is pending or needs information."

/** ISO-BMFF brands of HEIC/HEIF images (the `ftyp` box's major brand). */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "heim", "heis", "hevm", "hevs", "mif1", "msf1"])

/** The document's type from its first bytes; null for anything else (an executable renamed .pdf included). */
export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg"
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png"
  if (starts([0x66, 0x74, 0x79, 0x70], 4) && bytes.length >= 12) {
    const brand = String.fromCharCode(bytes[8], bytes[9], bytes[10], bytes[11])
    if (HEIC_BRANDS.has(brand)) return "image/heic"
  }
  return null
}

const EXTENSIONS: Record<DocumentType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/heic": "heic",
}

/** The longest kept file name. */
export const MAX_FILE_NAME_LENGTH = 200

/**
 * The name the document is listed and downloaded by: the browser's name without any folder part,
 * control characters, quotes, backslashes or slashes; at most 200 characters; "prescription.<ext>"
 * when nothing is left.
 */
export function sanitizeFileName(name: string | null | undefined, type: DocumentType): string {
  const base = String(name ?? "")
    .split(/[\\/]/)
    .pop()!
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?;]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "")
  const kept = base.length > MAX_FILE_NAME_LENGTH ? truncateKeepingExtension(base) : base
  return kept || `prescription.${EXTENSIONS[type]}`
}

function truncateKeepingExtension(name: string): string {
  const dot = name.lastIndexOf(".")
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : ""
  return name.slice(0, MAX_FILE_NAME_LENGTH - extension.length).trimEnd() + extension
}
