import { describe, expect, it } from "vitest"

import { base32Decode, totp, wrongTotp } from "../support/totp"

describe("the tests' TOTP helper", () => {
  // RFC 6238, Appendix B: the SHA-1 key "12345678901234567890" (base32 GEZDGNBVGY3TQOJQ...).
  const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

  it("computes the RFC 6238 test vectors", () => {
    expect(base32Decode(RFC_SECRET).toString("ascii")).toBe("12345678901234567890")
    expect(totp(RFC_SECRET, 59_000, 8)).toBe("94287082")
    expect(totp(RFC_SECRET, 1_111_111_109_000, 8)).toBe("07081804")
    expect(totp(RFC_SECRET, 1_234_567_890_000, 8)).toBe("89005924")
    expect(totp(RFC_SECRET, 20_000_000_000_000, 8)).toBe("65353130")
    expect(totp(RFC_SECRET, 59_000)).toBe("287082")
  })

  it("reads secrets as the staff area shows them (groups of four) and makes a surely wrong code", () => {
    expect(totp("GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ", 59_000)).toBe("287082")
    const wrong = wrongTotp(RFC_SECRET, 59_000)
    expect(wrong).toMatch(/^\d{6}$/)
    expect([totp(RFC_SECRET, 29_000), totp(RFC_SECRET, 59_000), totp(RFC_SECRET, 89_000)]).not.toContain(wrong)
  })
})
