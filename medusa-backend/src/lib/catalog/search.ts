/**
 * Shopper search over the catalogue read model (issue 25, decision 0058): typo-tolerant, ranked by
 * relevance. An index of normalized words is built once per catalogue snapshot; a query's words are
 * matched against it exactly, as a prefix (typing "tirz"), or within a small edit distance
 * ("ozempik", "tirzepatid", "pen needels"), and a product must match every word. A product's score
 * weighs where each word matched: its name above its variants' names above its category above its
 * description. Pure functions: every server holding the same snapshot answers the same.
 */

/** Where a word was found, and how much that counts. */
export const FIELD_WEIGHTS = { name: 1, variant: 0.6, category: 0.5, description: 0.3 } as const

/** How close a query word is to an indexed word. */
const SIMILARITY = { exact: 1, prefix: 0.8, brand: 0.8, typo1: 0.7, typo2: 0.5 } as const

/** Words that say nothing about a product. */
const STOPWORDS = new Set(["a", "an", "and", "the", "of", "for", "with", "in", "on", "to", "by", "or", "per", "my"])

/** At most this many words of a query count (longer queries are cut, never refused). */
export const MAX_QUERY_WORDS = 8

/**
 * Brand names the store does not sell, and the active ingredient to look for instead: "ozempic"
 * finds the brand-name semaglutide pens. They never find compounded products (decision 0057: a
 * brand's name is not used to market a compounded drug). A brand the catalogue does sell is found
 * by its own name.
 */
export const BRAND_INGREDIENTS: Record<string, string> = {
  ozempic: "semaglutide",
  rybelsus: "semaglutide",
  mounjaro: "tirzepatide",
  victoza: "liraglutide",
}

/** What the index needs of a product. */
export type SearchableProduct = {
  name: string
  description: string
  category_name: string | null
  variants: { name: string }[]
}

/** Lower case, accents dropped, split on anything but letters and digits (hyphenated names also whole), plural "s" dropped. */
export function searchWords(text: string): string[] {
  const normalized = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
  const words = normalized.match(/[a-z0-9]+/g) ?? []
  // A hyphenated name ("GLP-1", "Lipo-B12") is also one word, so "glp1" and "lipob12" find it.
  const joined = (normalized.match(/[a-z0-9]+(?:-[a-z0-9]+)+/g) ?? []).map((word) => word.replace(/-/g, ""))
  return [...words, ...joined].map(stem)
}

function stem(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word
}

export type SearchIndex = {
  /** Word → product position → the weight of the best field it appears in. */
  postings: Map<string, Map<number, number>>
  words: string[]
  /** Compounded products (by name or description), which brand names never find. */
  compounded: boolean[]
  names: string[]
}

export function buildSearchIndex(products: SearchableProduct[]): SearchIndex {
  const postings = new Map<string, Map<number, number>>()
  const add = (text: string | null, position: number, weight: number) => {
    for (const word of searchWords(text ?? "")) {
      let entry = postings.get(word)
      if (!entry) postings.set(word, (entry = new Map()))
      if ((entry.get(position) ?? 0) < weight) entry.set(position, weight)
    }
  }
  products.forEach((product, position) => {
    add(product.name, position, FIELD_WEIGHTS.name)
    for (const variant of product.variants) add(variant.name, position, FIELD_WEIGHTS.variant)
    add(product.category_name, position, FIELD_WEIGHTS.category)
    add(product.description, position, FIELD_WEIGHTS.description)
  })
  return {
    postings,
    words: [...postings.keys()],
    compounded: products.map((p) => /\bcompounded\b/i.test(p.name) || /\bcompounded\b/i.test(p.description)),
    names: products.map((p) => searchWords(p.name).join(" ")),
  }
}

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours: "needels" is one
 * step from "needle"), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before = new Array<number>(b.length + 1).fill(0)
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0)
    current[0] = i
    let rowMin = current[0]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1)
      current[j] = value
      if (value < rowMin) rowMin = value
    }
    if (rowMin > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length]
}

/** Typos allowed in a word of this length: none up to 4 letters, one up to 7, then two. Numbers: none. */
function allowedTypos(word: string): number {
  if (/^\d+$/.test(word) || word.length < 5) return 0
  return word.length < 8 ? 1 : 2
}

/** How similar a query word is to an indexed word (0: not at all). */
export function wordSimilarity(query: string, word: string): number {
  if (query === word) return SIMILARITY.exact
  if (query.length >= 3 && !/^\d+$/.test(query) && word.startsWith(query)) return SIMILARITY.prefix
  const max = allowedTypos(query)
  if (max === 0) return 0
  const distance = editDistance(query, word, max)
  if (distance > max) return 0
  return distance === 1 ? SIMILARITY.typo1 : SIMILARITY.typo2
}

/** The query's words that count: stop words dropped, at most MAX_QUERY_WORDS. */
export function queryWords(query: string): string[] {
  return searchWords(query)
    .filter((word) => !STOPWORDS.has(word))
    .slice(0, MAX_QUERY_WORDS)
}

/** Product position → how well it matches one query word (its best indexed word and field). */
function matchWord(index: SearchIndex, query: string): Map<number, number> {
  const scores = new Map<number, number>()
  const collect = (word: string, similarity: number, skipCompounded: boolean) => {
    for (const [position, weight] of index.postings.get(word) ?? []) {
      if (skipCompounded && index.compounded[position]) continue
      const score = weight * similarity
      if ((scores.get(position) ?? 0) < score) scores.set(position, score)
    }
  }
  for (const word of index.words) {
    const similarity = wordSimilarity(query, word)
    if (similarity > 0) collect(word, similarity, false)
  }
  // A brand the store does not sell: its active ingredient, in brand-name products only.
  for (const [brand, ingredient] of Object.entries(BRAND_INGREDIENTS)) {
    if (index.postings.has(brand)) continue
    const similarity = wordSimilarity(query, brand)
    if (similarity > 0) collect(ingredient, Math.min(similarity, SIMILARITY.brand), true)
  }
  return scores
}

export type SearchHit = { position: number; score: number }

/**
 * The products matching every word of `query`, best first (ties: catalogue order). A product whose
 * name holds the query's words in order gets a bonus. No words (blank, only stop words): nothing.
 */
export function searchIndex(index: SearchIndex, query: string): SearchHit[] {
  const words = queryWords(query)
  if (words.length === 0) return []
  let totals: Map<number, number> | null = null
  for (const word of words) {
    const scores = matchWord(index, word)
    if (!totals) {
      totals = scores
      continue
    }
    const next = new Map<number, number>()
    for (const [position, score] of scores) {
      const total = totals.get(position)
      if (total !== undefined) next.set(position, total + score)
    }
    totals = next
    if (totals.size === 0) return []
  }
  const phrase = words.join(" ")
  return [...(totals ?? new Map<number, number>())]
    .map(([position, score]) => ({ position, score: score + (index.names[position].includes(phrase) ? 0.5 : 0) }))
    .sort((a, b) => b.score - a.score || a.position - b.position)
}
