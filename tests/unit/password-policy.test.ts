import { describe, expect, it } from "vitest"

import { COMMON_PASSWORDS } from "../../medusa-backend/src/shared/common-passwords"
import { MIN_PASSWORD_LENGTH, passwordProblem, passwordStem } from "../../medusa-backend/src/shared/password-policy"

const refusedBecause = (password: string, email?: string) => passwordProblem(password, { email })

describe("the staff password policy (decision 0044)", () => {
  it.each(["lamp-orbit-velvet-crane", "correct horse battery", "tq7#Lm2!vX9pZr", "Überraschung im Garten", "harbor-health-dev"])(
    "accepts %s: long, nobody guesses it first, no composition rules",
    (password) => {
      expect(refusedBecause(password)).toBeNull()
    }
  )

  it("refuses anything shorter than 12 characters, counting characters, not bytes", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12)
    expect(refusedBecause("xq8-Lm2-vT9")).toMatch(/^Use at least 12 characters/)
    expect(refusedBecause("zürich-bärn")).toMatch(/^Use at least 12 characters/) // 11 characters, 13 bytes
    expect(refusedBecause("x".repeat(257))).toMatch(/at most 256 characters/)
  })

  it.each([
    "passwordpassword",
    "Password2024!",
    "p@ssw0rd123456",
    "P4SSW0RD!!!!",
    "iloveyou12345",
    "qwertyuiop123",
    "1q2w3e4r5t6y",
    "Supersecret1!",
    "123456789012",
    "Baseball1997",
    "harborhealth2024",
    "Pharmacist#2025",
    "pass-word-2024!",
  ])("refuses %s: a common password in its usual dressing (case, leet, digits and symbols around it)", (password) => {
    expect(refusedBecause(password)).toMatch(/^This password is too common or too easy to guess/)
  })

  it.each(["aaaaaaaaaaaa", "abcabcabcabc", "121212121212", "abcdefghijklm", "zyxwvutsrqpo", "234567890123", "987654321098"])(
    "refuses %s: repeated characters or runs, or a straight sequence",
    (password) => {
      expect(refusedBecause(password)).toMatch(/too common or too easy to guess/)
    }
  )

  it("refuses a password containing the account's email or the name in it", () => {
    expect(refusedBecause("maria.lopez-loves-tea", "Maria.Lopez@pharmacy.test")).toMatch(/must not contain your email/)
    expect(refusedBecause("my maria.lopez@pharmacy.test", "maria.lopez@pharmacy.test")).toMatch(/must not contain your email/)
    // A short name part ("al") is too common a string to forbid.
    expect(refusedBecause("algebra-orbit-lamp", "al@pharmacy.test")).toBeNull()
  })

  it("ships a list of a few hundred common passwords, compared by their stem", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(500)
    expect(passwordStem("!!P@ssw0rd2024")).toBe("password")
    expect(passwordStem("2024")).toBe("")
  })
})
