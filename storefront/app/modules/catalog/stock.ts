import { STORE } from "@shared/store-constants"

/** The product page's and cart's stock notices (spec §9). */
export function stockNotice(stock: number): { text: string; tone: "out" | "low" | "ok" } {
  if (stock <= 0) return { text: "Out of stock", tone: "out" }
  if (stock <= STORE.lowStockThreshold) return { text: `Only ${stock} left in stock!`, tone: "low" }
  return { text: "In stock", tone: "ok" }
}
