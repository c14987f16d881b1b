/**
 * The states prescription-only items ship to (issue 25): a pharmacy may dispense only where it is
 * licensed. A setting, not code: the Store's metadata key `pharmacy_rx_ship_states` (Medusa Admin →
 * Settings → Store → Metadata), "all" (the default, also when the key is absent or empty) or a list of states by postal code or name,
 * "TX, OK, Louisiana". A value that is neither (a typo) serves no state: prescription orders stop
 * until ops fix it, rather than going where the pharmacy may not be licensed (fail closed).
 * Plain data: the storefront marks the checkout's state select with it, the backend's cart
 * completion refuses with it.
 */
import { US_STATE_CODES, US_STATES } from "./address"

export const RX_SHIP_STATES_KEY = "pharmacy_rx_ship_states"
export const RX_SHIP_STATES_DEFAULT = "all"

/** Every state, or these (names as addresses carry them); `problem` says why a value served none. */
export type RxShipStates = { all: true } | { all: false; states: string[]; problem?: string }

const BY_NAME = new Map<string, string>(US_STATES.map((name) => [name.toLowerCase(), name]))
const BY_CODE = new Map<string, string>(Object.entries(US_STATE_CODES).map(([code, name]) => [code.toLowerCase(), name]))

/** The state's name from its name, postal code or ISO 3166-2 code ("Texas", "TX", "us-tx"), any case; else null. */
export function stateName(value: string | null | undefined): string | null {
  const key = (value ?? "").trim().toLowerCase()
  if (!key) return null
  return BY_NAME.get(key) ?? BY_CODE.get(key) ?? BY_CODE.get(key.replace(/^us-/, "")) ?? null
}

export function parseRxShipStates(value: unknown): RxShipStates {
  // Unset or cleared (Medusa Admin keeps a cleared key as "") is the default.
  if (value === undefined || value === null || (typeof value === "string" && ["", "all"].includes(value.trim().toLowerCase()))) {
    return { all: true }
  }
  const entries = typeof value === "string" ? value.split(/[,;\n]/) : Array.isArray(value) ? value.map(String) : null
  if (!entries) return { all: false, states: [], problem: `${RX_SHIP_STATES_KEY} is not text` }
  const tokens = entries.map((entry) => entry.trim()).filter(Boolean)
  const unknown = tokens.filter((token) => !stateName(token))
  if (!tokens.length || unknown.length) {
    const why = tokens.length ? `unknown state(s) ${unknown.map((t) => JSON.stringify(t)).join(", ")}` : "no state"
    return { all: false, states: [], problem: `${RX_SHIP_STATES_KEY} names ${why}: no state is served until it is fixed` }
  }
  return { all: false, states: [...new Set(tokens.map((token) => stateName(token)!))] }
}

/** Whether prescription-only items may ship to this address's state (name, postal or ISO code). */
export function shipsRxTo(served: RxShipStates, province: string | null | undefined): boolean {
  if (served.all) return true
  const state = stateName(province)
  return state !== null && served.states.includes(state)
}

/** The refusal a customer reads: where it cannot go, and what to do instead. */
export function rxShipStateRefusal(province: string | null | undefined): string {
  const state = stateName(province)
  return state
    ? `We cannot ship prescription items to ${state}. Remove them from your cart or choose a shipping address in a state we serve.`
    : "Prescription items need a shipping address in a US state we serve. Choose the state of your shipping address."
}
