/**
 * The password policy for staff (decision 0044), after NIST SP 800-63B: long enough, not one
 * that guessers try first, no composition rules. Enforced wherever a staff password is set:
 * Medusa's registration (invite acceptance) and password reset routes, and the seed's
 * ADMIN_PASSWORD in production.
 *
 * A password is refused when it
 * - is shorter than 12 characters (or longer than 256, to bound hashing work);
 * - is, once lower-cased, "leet"-decoded (p@ssw0rd -> password) and stripped of the digits and
 *   symbols around it, in the shipped list of common passwords (common-passwords.ts), so
 *   "Password2024!" is refused like "password";
 * - is one character or a short run repeated ("aaaaaaaaaaaa", "abcabcabcabc"), or a straight
 *   run of letters or digits ("abcdefghijkl", "123456789012");
 * - contains the account's email address or the name part of it.
 */
import { COMMON_PASSWORDS } from "./common-passwords"

export const MIN_PASSWORD_LENGTH = 12
export const MAX_PASSWORD_LENGTH = 256

export const PASSWORD_ADVICE = "A few unrelated words make a good one, e.g. lamp-orbit-velvet-crane."

const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s", "!": "i" }

/** The word inside: digits and symbols around it removed, then the rest lower-cased and leet-decoded. */
export function passwordStem(password: string): string {
  const core = password
    .toLowerCase()
    .replace(/^[^\p{L}]+/u, "")
    .replace(/[^\p{L}]+$/u, "")
  return [...core].map((c) => LEET[c] ?? c).join("")
}

/** One character or a run of up to 6 characters, repeated to fill the password. */
function isRepetition(text: string): boolean {
  for (let size = 1; size <= Math.min(6, text.length / 2); size++) {
    if (text.length % size === 0 && text === text.slice(0, size).repeat(text.length / size)) return true
  }
  return false
}

/** Every character one step after (or before) the last: abcdef..., 0123456789012..., zyxw... */
function isStraightRun(text: string): boolean {
  if (text.length < 4) return false
  const digits = /^\d+$/.test(text)
  const step = (a: string, b: string) => {
    const diff = b.charCodeAt(0) - a.charCodeAt(0)
    return digits ? ((diff % 10) + 10) % 10 : diff
  }
  // Digits wrap around (…8901…); 9 is one step back.
  const first = step(text[0], text[1])
  if (!(digits ? first === 1 || first === 9 : first === 1 || first === -1)) return false
  for (let i = 1; i < text.length - 1; i++) if (step(text[i], text[i + 1]) !== first) return false
  return true
}

function isCommon(password: string): boolean {
  const lower = password.toLowerCase()
  const stem = passwordStem(password)
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(stem)) return true
  // The same word twice ("passwordpassword") or with separators ("pass-word").
  const letters = stem.replace(/[^\p{L}]/gu, "")
  if (COMMON_PASSWORDS.has(letters)) return true
  const half = letters.length % 2 === 0 ? letters.slice(0, letters.length / 2) : ""
  if (half && half.repeat(2) === letters && COMMON_PASSWORDS.has(half)) return true
  return isRepetition(lower) || isStraightRun(lower) || (stem.length > 0 && (isRepetition(stem) || isStraightRun(stem)))
}

/**
 * Why this password may not be used, as a sentence for the person choosing it; null when it
 * may. `email` is the account's, when known.
 */
export function passwordProblem(password: string, { email }: { email?: string } = {}): string | null {
  const length = [...password].length
  if (length < MIN_PASSWORD_LENGTH) {
    return `Use at least ${MIN_PASSWORD_LENGTH} characters for a staff password. ${PASSWORD_ADVICE}`
  }
  if (length > MAX_PASSWORD_LENGTH) return `A staff password can be at most ${MAX_PASSWORD_LENGTH} characters long.`
  const lower = password.toLowerCase()
  const address = email?.trim().toLowerCase() ?? ""
  const name = address.split("@")[0] ?? ""
  if (address && (lower.includes(address) || (name.length >= 4 && lower.includes(name)))) {
    return "The password must not contain your email address or the name in it. Choose another one."
  }
  if (isCommon(password)) {
    return `This password is too common or too easy to guess. Choose another one. ${PASSWORD_ADVICE}`
  }
  return null
}
