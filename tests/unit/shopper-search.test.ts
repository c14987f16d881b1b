/**
 * Shopper search (issue 25 item 1, decision 0058): the ranking over the seeded catalogue. Typos a
 * shopper makes find the right products, nonsense finds nothing, and where a word matched decides
 * the order (name above variants above category above description).
 */
import { describe, expect, it } from "vitest"

import {
  buildSearchIndex,
  editDistance,
  queryWords,
  type SearchableProduct,
  searchIndex,
  similarWords,
  wordSimilarity,
} from "../../medusa-backend/src/lib/catalog/search"
import { SEED_CATEGORIES, SEED_PRODUCTS } from "../../medusa-backend/src/scripts/seed/catalog-data"

const seeded: SearchableProduct[] = SEED_PRODUCTS.map((p) => ({
  name: p.title,
  description: p.description,
  category_name: SEED_CATEGORIES.find((c) => c.handle === p.category)?.name ?? null,
  variants: p.variants.map((v) => ({ name: v.title })),
}))
const index = buildSearchIndex(seeded)
const search = (query: string) => searchIndex(index, query).map((hit) => seeded[hit.position].name)

describe("shopper search over the seeded catalogue", () => {
  it("finds the right products despite the issue's typos", () => {
    expect(search("tirzepatid").slice(0, 2).sort()).toEqual(["Compounded Tirzepatide Injection", "Zepbound (tirzepatide) Pen"])
    expect(search("pen needels")[0]).toBe("BD Ultra-Fine Pen Needles")
    expect(search("semaglutid")).toContain("Compounded Semaglutide Injection")
    expect(search("flexpen")).toEqual(expect.arrayContaining(["NovoLog FlexPen (insulin aspart)", "ReliOn Novolin 70/30 FlexPen"]))
  })

  it("finds a hyphenated name typed without its hyphen, or with a space", () => {
    const glp1 = search("GLP-1")
    expect(glp1.length).toBeGreaterThan(0)
    expect(search("glp1")).toEqual(glp1)
    expect(search("glp 1")).toEqual(glp1)
  })

  it("finds the brand-name pens of the same ingredient for a brand it does not sell, never a compounded product", () => {
    expect(search("ozempik")).toEqual(["Wegovy (semaglutide) Pen"])
    expect(search("Ozempic")).toEqual(["Wegovy (semaglutide) Pen"])
    expect(search("mounjaro")).toEqual(["Zepbound (tirzepatide) Pen"])
  })

  it("finds nothing for nonsense, a blank query or only stop words", () => {
    expect(search("xqzvbnm")).toEqual([])
    expect(search("zzzz-nothing")).toEqual([])
    expect(search("tirzepatide xqzvbnm")).toEqual([]) // every word must match
    expect(search("   ")).toEqual([])
    expect(search("the of and")).toEqual([])
  })

  it("ranks a match in the name above one in the description", () => {
    // "glucose": in the names of the meter and the tablets, only in the descriptions of the strips and the sensors.
    const results = search("glucose")
    const lastInName = Math.max(...results.map((name, i) => (/glucose/i.test(name) ? i : -1)))
    const firstElsewhere = results.findIndex((name) => !/glucose/i.test(name))
    expect(firstElsewhere).toBeGreaterThan(lastInName)
    expect(results).toEqual(expect.arrayContaining(["FreeStyle Libre 3 Plus Sensor", "Contour Next Blood Glucose Meter"]))
  })

  it("matches variant and category names, and suggests while the shopper types (a word's beginning)", () => {
    expect(search("chocolate")).toEqual(["High-Protein Meal Replacement Shake"])
    expect(search("diabetes supplies").length).toBe(SEED_PRODUCTS.filter((p) => p.category === "diabetes-supplies").length)
    expect(search("tirz")[0]).toMatch(/tirzepatide/i)
  })
})

describe("the words of a query", () => {
  it("ignores case, accents, punctuation, plurals and stop words, and counts at most 8 words", () => {
    expect(queryWords("Pen NEEDLES for the Café!")).toEqual(["pen", "needle", "cafe"])
    expect(queryWords("a b c d e f g h i j k")).toHaveLength(8)
  })

  it("measures typos as edits, a swap of two neighbours being one", () => {
    expect(editDistance("needel", "needle", 2)).toBe(1)
    expect(editDistance("ozempik", "ozempic", 2)).toBe(1)
    expect(editDistance("semaglutide", "tirzepatide", 2)).toBe(3)
  })

  it("finds, without comparing a query word with every word, exactly the words that comparison would find", () => {
    const queries = ["tirzepatid", "pen", "needels", "flexpen", "insulin", "insuln", "glp1", "70", "a", "semaglutide", "lanctes", "xyzzy"]
    for (const query of queries) {
      const everyWord = index.sorted.map((word) => [word, wordSimilarity(query, word)] as const).filter(([, similarity]) => similarity > 0)
      expect(Object.fromEntries(similarWords(index, query))).toEqual(Object.fromEntries(everyWord))
    }
  })
})
