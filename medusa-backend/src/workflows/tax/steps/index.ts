/** The tax workflows' steps, one per file (as Medusa's core-flows). */
export * from "./sync-prescription-tax-exemption"
