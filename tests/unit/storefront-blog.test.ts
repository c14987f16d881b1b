import { STORE } from "@shared/store-constants"
import { describe, expect, it } from "vitest"

import { BLOG_POSTS, findPost, neighbours } from "~/content/blog.server"
import { formatDate } from "~/lib/dates"

describe("the blog's posts (spec §3)", () => {
  it("are ten, numbered 1 to 10 in list order, all Health, each complete", () => {
    expect(BLOG_POSTS.map((post) => post.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    for (const post of BLOG_POSTS) {
      expect(post.category).toBe("Health")
      expect(post.title.length).toBeGreaterThan(10)
      expect(post.excerpt.length).toBeGreaterThan(40)
      expect(post.author).not.toBe("")
      expect(post.date).toMatch(/^2025-\d\d-\d\d$/)
      expect(post.image).toMatch(/^\/images\/blog\/post-\d+\.svg$/)
      expect(post.tags.length).toBeGreaterThan(0)
      expect(post.content).toMatch(/<h2>/)
      expect(post.content).not.toMatch(/<script|on\w+=/i)
    }
  })

  it("cover the spec's topics, and the sponsored digestive side-effects post carries a real promo code", () => {
    const titles = BLOG_POSTS.map((post) => post.title).join("\n")
    for (const topic of [
      /compounded semaglutide/i,
      /GLP-1.*story/i,
      /organiz/i,
      /Ozempic.*Type 1/i,
      /Zepbound/i,
      /heart/i,
      /lunches/i,
      /dinners/i,
      /muscle/i,
      /digestive side effects/i,
    ]) {
      expect(titles).toMatch(topic)
    }
    const sponsored = BLOG_POSTS.filter((post) => post.sponsored)
    expect(sponsored.map((post) => post.id)).toEqual([10])
    expect(sponsored[0].sponsored?.promoCode).toBe(STORE.discountCode)
    expect(sponsored[0].content).toContain(STORE.discountCode)
  })

  it("link previous and next by list order", () => {
    expect(neighbours(1)).toMatchObject({ previous: null, next: { id: 2 } })
    expect(neighbours(5)).toMatchObject({ previous: { id: 4 }, next: { id: 6 } })
    expect(neighbours(10)).toMatchObject({ previous: { id: 9 }, next: null })
    expect(findPost(11)).toBeNull()
  })

  it("show dates the same in every time zone", () => {
    expect(formatDate("2025-08-16")).toBe("August 16, 2025")
  })
})
