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
  /** The indexed words in order (prefixes are a range of them) and by length (typos change a length by at most 2). */
  sorted: string[]
  byLength: Map<number, string[]>
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
  const sorted = [...postings.keys()].sort()
  const byLength = new Map<number, string[]>()
  for (const word of sorted) {
    const sameLength = byLength.get(word.length)
    if (sameLength) sameLength.push(word)
    else byLength.set(word.length, [word])
  }
  return {
    postings,
    sorted,
    byLength,
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

const isNumber = (word: string) => /^\d+$/.test(word)

/** Typos allowed in a word of this length: none up to 4 letters, one up to 7, then two. Numbers: none. */
function allowedTypos(word: string): number {
  if (isNumber(word) || word.length < 5) return 0
  return word.length < 8 ? 1 : 2
}

/** A query word finds the words that start with it from 3 letters on (typing "tirz"), numbers excepted. */
const findsPrefixes = (query: string) => query.length >= 3 && !isNumber(query)

/** How similar a query word is to an indexed word (0: not at all). */
export function wordSimilarity(query: string, word: string): number {
  if (query === word) return SIMILARITY.exact
  if (findsPrefixes(query) && word.startsWith(query)) return SIMILARITY.prefix
  return typoSimilarity(query, word, allowedTypos(query))
}

function typoSimilarity(query: string, word: string, max: number): number {
  if (max === 0) return 0
  const distance = editDistance(query, word, max)
  if (distance > max) return 0
  return distance === 1 ? SIMILARITY.typo1 : SIMILARITY.typo2
}

/**
 * The indexed words similar to a query word, as wordSimilarity scores them, without comparing it to
 * every word: the exact word, the range of words it prefixes, and the words of a length a typo can reach.
 */
export function similarWords(index: SearchIndex, query: string): Map<string, number> {
  const similar = new Map<string, number>()
  if (index.postings.has(query)) similar.set(query, SIMILARITY.exact)
  if (findsPrefixes(query)) {
    for (let i = firstAtOrAfter(index.sorted, query); i < index.sorted.length && index.sorted[i].startsWith(query); i++)
      if (!similar.has(index.sorted[i])) similar.set(index.sorted[i], SIMILARITY.prefix)
  }
  const max = allowedTypos(query)
  for (let length = query.length - max; max > 0 && length <= query.length + max; length++) {
    for (const word of index.byLength.get(length) ?? []) {
      if (similar.has(word)) continue
      const similarity = typoSimilarity(query, word, max)
      if (similarity > 0) similar.set(word, similarity)
    }
  }
  return similar
}

/** The position of the first word not before `word` in sorted `words` (binary search). */
function firstAtOrAfter(words: string[], word: string): number {
  let low = 0
  let high = words.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (words[middle] < word) low = middle + 1
    else high = middle
  }
  return low
}

/** The query's words that count: stop words dropped, at most MAX_QUERY_WORDS. */
export function queryWords(query: string): string[] {
  return searchWords(query)
    .filter((word) => !STOPWORDS.has(word))
    .slice(0, MAX_QUERY_WORDS)
}

/** Where one query word is found: the indexed words like it, each with its postings and similarity. */
type WordMatch = { sources: { postings: Map<number, number>; similarity: number; brandOnly: boolean }[]; size: number }

function matchWord(index: SearchIndex, query: string): WordMatch {
  const sources: WordMatch["sources"] = []
  const add = (word: string, similarity: number, brandOnly: boolean) => {
    const postings = index.postings.get(word)
    if (postings) sources.push({ postings, similarity, brandOnly })
  }
  for (const [word, similarity] of similarWords(index, query)) add(word, similarity, false)
  // A brand the store does not sell: its active ingredient, in brand-name products only.
  for (const [brand, ingredient] of Object.entries(BRAND_INGREDIENTS)) {
    if (index.postings.has(brand)) continue
    const similarity = wordSimilarity(query, brand)
    if (similarity > 0) add(ingredient, Math.min(similarity, SIMILARITY.brand), true)
  }
  return { sources, size: sources.reduce((sum, source) => sum + source.postings.size, 0) }
}

/** How well a product matches one query word: its best indexed word and field (0: not at all). */
function scoreAt(index: SearchIndex, match: WordMatch, position: number): number {
  let best = 0
  for (const { postings, similarity, brandOnly } of match.sources) {
    const weight = postings.get(position)
    if (weight === undefined || (brandOnly && index.compounded[position])) continue
    if (weight * similarity > best) best = weight * similarity
  }
  return best
}

export type SearchHit = { position: number; score: number }

/**
 * The products matching every word of `query`, best first (ties: catalogue order). A product whose
 * name holds the query's words in order gets a bonus. No words (blank, only stop words): nothing.
 * The products of the word found least often are the candidates; the other words only score them,
 * so a word found everywhere ("tests") costs what the rarest word matches, not the catalogue.
 */
export function searchIndex(index: SearchIndex, query: string): SearchHit[] {
  const words = queryWords(query)
  if (words.length === 0) return []
  const matches = words.map((word) => matchWord(index, word))
  const rarest = matches.reduce((best, match) => (match.size < best.size ? match : best))
  const candidates = new Set<number>()
  for (const { postings } of rarest.sources) for (const position of postings.keys()) candidates.add(position)
  const phrase = words.join(" ")
  const hits: SearchHit[] = []
  for (const position of candidates) {
    let score = 0
    for (const match of matches) {
      const wordScore = scoreAt(index, match, position)
      if (wordScore === 0) {
        score = 0
        break
      }
      score += wordScore
    }
    if (score > 0) hits.push({ position, score: score + (index.names[position].includes(phrase) ? 0.5 : 0) })
  }
  return hits.sort((a, b) => b.score - a.score || a.position - b.position)
}
