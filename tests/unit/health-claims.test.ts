/**
 * Health claims (issue 25 item 8, decision 0057): the seeded catalogue, the blog and the site's
 * content pages follow the FDA's guidance on marketing compounded drugs. A compounded product is
 * never called "generic", "the same as" or "the same active ingredient as" a brand, is never
 * presented as FDA-approved, is not marketed under a brand's name, and its description says that
 * it is compounded, by whom, on a prescription, and that it is not FDA-approved.
 */
import fs from "node:fs"
import path from "node:path"

import { STORE } from "@shared/store-constants"
import { describe, expect, it } from "vitest"

import { BLOG_POSTS } from "~/content/blog.server"
import { EXPERTS, FAQ, HOME_CATEGORIES, REVIEWS } from "~/content/home"

import { COMPOUNDED_DISCLOSURE, SEED_PRODUCTS } from "../../medusa-backend/src/scripts/seed/catalog-data"
import { DISCLOSURE_DEFAULTS } from "../../medusa-backend/src/shared/pharmacy-disclosures"

const BRANDS = /\b(Ozempic|Wegovy|Rybelsus|Mounjaro|Zepbound|Saxenda|Victoza)\b/gi
/** Said of a compounded product, each of these must be negated ("not FDA-approved", "neither Ozempic nor..."). */
const CLAIMS = [
  /\bgeneric\b/gi,
  /\bsame (active )?ingredients?\b/gi,
  /\bsame (medicine|drug|formula|product) as\b/gi,
  /\bsame as\b/gi,
  /\bidentical to\b/gi,
  /\bequivalent (to|of)\b/gi,
  /\bbioequivalent\b/gi,
  /\bFDA[- ]approved\b/gi,
  /\bapproved by the FDA\b/gi,
  /\bFDA[- ](cleared|registered|inspected|certified)\b/gi,
  BRANDS,
]
/** Never, whatever the product. */
const ALWAYS_FORBIDDEN = [
  /\bsame active ingredient\b/i,
  /\b(clinically|scientifically) proven\b/i,
  /\bguaranteed (weight loss|results)\b/i,
  /\bno side effects\b/i,
  /\b(generic|same as|identical to|equivalent to) (Ozempic|Wegovy|Rybelsus|Mounjaro|Zepbound|Saxenda)\b/i,
  /\b(Ozempic|Wegovy|Rybelsus|Mounjaro|Zepbound|Saxenda) (generic|equivalent|alternative|dupe)\b/i,
]
const NEGATION = /\b(not|never|neither|nor|no|without)\b|n't\b/i

/** Plain sentences of a text that may hold HTML or JSX. */
function sentences(text: string): string[] {
  return text
    .replace(/<\/(h\d|p|li|dt|dd)>/g, ".\n")
    .replace(/<[^>]*>/g, " ")
    .replace(/\{[^{}]*\}/g, " ")
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?:;])\s+/)
    .map((s) => s.trim())
    .filter(Boolean)
}

/** What a text claims wrongly: each finding names the rule and the sentence. */
function claimProblems(text: string, { compounded = false } = {}): string[] {
  const problems: string[] = []
  for (const sentence of sentences(text)) {
    for (const rule of ALWAYS_FORBIDDEN) if (rule.test(sentence)) problems.push(`${rule}: "${sentence}"`)
    if (!compounded && !/\bcompound(ed|ing)?\b/i.test(sentence)) continue
    for (const rule of CLAIMS) {
      for (const match of sentence.matchAll(rule)) {
        const before = sentence.slice(Math.max(0, match.index - 30), match.index)
        if (!NEGATION.test(before)) problems.push(`"${match[0]}" said of a compounded product: "${sentence}"`)
      }
    }
  }
  return problems
}

/** A product is compounded if its name, handle or description says so. */
const isCompounded = (p: { title: string; handle: string; description: string }) =>
  /compound/i.test(`${p.title} ${p.handle} ${p.description}`)

function disclosureProblems(description: string): string[] {
  const problems: string[] = []
  if (!description.includes(`Compounded by ${STORE.name}`)) problems.push(`does not say it is compounded by ${STORE.name}`)
  if (!/\b503[AB]\b/.test(description)) problems.push("does not say whether a 503A pharmacy or a 503B outsourcing facility compounds it")
  if (!/\bnot FDA-approved\b/.test(description)) problems.push('does not say it is "not FDA-approved"')
  if (!/\bdoes not review them for safety, effectiveness or quality\b/.test(description))
    problems.push("does not say the FDA does not review it for safety, effectiveness or quality")
  if (!/\bprescription\b/i.test(description)) problems.push("does not say it is dispensed on a prescription")
  return problems
}

const ROUTES = path.resolve(__dirname, "../../storefront/app/routes")
/** The storefront's public pages (staff pages are not marketing). */
const publicPageSources = () =>
  fs
    .readdirSync(ROUTES, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.startsWith("admin"))
    .map((file) => ({ file, text: fs.readFileSync(path.join(ROUTES, file), "utf8") }))

describe("the checks themselves", () => {
  it("catch the claims the FDA objects to, and let negated or factual statements pass", () => {
    expect(claimProblems("Same active ingredient as Ozempic, for less.")).not.toEqual([])
    expect(claimProblems("Our compounded semaglutide is FDA-approved.")).not.toEqual([])
    expect(claimProblems("A generic Wegovy, made by our pharmacy.", { compounded: true })).not.toEqual([])
    expect(claimProblems("Compounded tirzepatide, the same medicine as Zepbound.")).not.toEqual([])
    expect(claimProblems("Once-weekly semaglutide, just like Wegovy.", { compounded: true })).not.toEqual([])
    expect(claimProblems("Compounded drugs are not FDA-approved.")).toEqual([])
    expect(claimProblems("Compounded semaglutide is neither Ozempic nor Wegovy.")).toEqual([])
    expect(claimProblems("The FDA approved Zepbound in November 2023.")).toEqual([])
  })

  it("catch a compounded product's description that does not disclose who compounds it and that it is not approved", () => {
    const before0057 =
      "Once-weekly semaglutide prepared by a licensed 503A compounding pharmacy. Each vial covers four weekly doses and ships cold with syringes and alcohol pads."
    expect(disclosureProblems(before0057).length).toBeGreaterThanOrEqual(3)
    expect(disclosureProblems(COMPOUNDED_DISCLOSURE)).toEqual([])
  })
})

describe("the seeded catalogue", () => {
  const compounded = SEED_PRODUCTS.filter(isCompounded)

  it("has compounded products, each named as compounded and sold on a prescription only", () => {
    expect(compounded.map((p) => p.handle)).toEqual(
      expect.arrayContaining(["compounded-semaglutide-injection", "compounded-tirzepatide-injection", "lipo-b12-injection"])
    )
    for (const product of compounded) {
      expect(product.title, product.handle).toMatch(/^Compounded /)
      expect(product.prescription, product.handle).toBe(true)
    }
  })

  it("discloses, in every compounded product's description, that it is compounded, by whom, and not FDA-approved", () => {
    for (const product of compounded) expect(disclosureProblems(product.description), product.handle).toEqual([])
  })

  it("names the pharmacy as its disclosures do (decision 0054)", () => {
    expect(DISCLOSURE_DEFAULTS.pharmacy_legal_name.startsWith(STORE.name)).toBe(true)
  })

  it("makes no generic, same-as, brand-name or FDA-approval claim for a compounded product", () => {
    for (const product of compounded) {
      expect(claimProblems(`${product.title}. ${product.description}`, { compounded: true }), product.handle).toEqual([])
    }
    for (const product of SEED_PRODUCTS) expect(claimProblems(`${product.title}. ${product.description}`), product.handle).toEqual([])
  })
})

describe("the blog and the content pages", () => {
  it("never present a compounded medicine as generic, the same as a brand, or FDA-approved", () => {
    for (const post of BLOG_POSTS) {
      expect(claimProblems(`${post.title}. ${post.excerpt}. ${post.content}`), `blog post ${post.id}`).toEqual([])
    }
    const home = [...HOME_CATEGORIES.map((c) => c.description), ...REVIEWS.map((r) => r.comment), ...EXPERTS.map((e) => e.specialization)]
    for (const item of FAQ) home.push(item.question, item.answer)
    expect(claimProblems(home.join(". ")), "home page content").toEqual([])
    const pages = publicPageSources()
    expect(pages.map((page) => page.file)).toEqual(
      expect.arrayContaining(["about-us.tsx", "faq.tsx", "buy-medication.tsx", "shippingpolicy.tsx"])
    )
    for (const page of pages) expect(claimProblems(page.text), page.file).toEqual([])
  })

  it("tell readers of the compounded-semaglutide post who compounds ours and that it is not FDA-approved", () => {
    const post = BLOG_POSTS.find((p) => /compounded semaglutide/i.test(p.title))!
    expect(post.content).toContain(`compounded by ${STORE.name}, a state-licensed 503A pharmacy`)
    expect(post.content).toContain("not FDA-approved")
    expect(post.content).not.toMatch(/active ingredient in (Ozempic|Wegovy)/i)
  })
})
