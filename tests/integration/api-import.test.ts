/**
 * The legacy import as a round trip: a seeded backend is exported through
 * /api (GET /api/categories/ and /api/products/), its catalogue is emptied,
 * and the export is imported back from a stand-in "legacy backend" (a plain
 * HTTP server answering the export, paginated like Django REST framework, and
 * serving the pictures) or from a JSON file with the real
 * `npm run import:legacy` command. The result must read back the same.
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"

import { deleteProductCategoriesWorkflow, deleteProductsWorkflow } from "@medusajs/medusa/core-flows"

import type { CatalogProduct } from "../../medusa-backend/src/shared/catalog"
import type { importLegacyCatalog as ImportLegacyCatalog } from "../../migrations/legacy-import/catalog"
import { readLegacySource } from "../../migrations/legacy-import/source"
import { pngBytes } from "../support/png"
import { storeFingerprint } from "./api-helpers"
import { BACKEND_DIR } from "./helpers"
import { integrationSuite } from "./suite"

const ROOT = path.resolve(BACKEND_DIR, "..")
/** The stand-in legacy backend runs on this machine over plain http: the network policy must allow it (decision 0047). */
const LOCAL = { allowHttp: true, allowPrivateAddresses: true }

type Export = { categories: { id: string; name: string }[]; products: CatalogProduct[] }

/** What must survive the round trip: everything but ids and picture URLs. */
const comparable = (data: Export) => ({
  categories: data.categories.map((c) => c.name).sort(),
  products: data.products
    .map((p) => ({
      name: p.name,
      description: p.description,
      category_name: p.category_name,
      is_popular: p.is_popular,
      prescription: p.prescription,
      has_image: p.image !== null,
      variants: p.variants.map((v) => [v.name, v.price, v.stock]),
    }))
    .sort((a, b) => a.name.localeCompare(b.name)),
})

integrationSuite({ catalogue: "seeded", staff: "signed-in" }, (suite, { getContainer, dbConnection, dbConfig }) => {
  const { call } = suite
  let exported: Export
  // Imported once the app is up: a module that defines workflows must not be composed before Medusa loads its own.
  let importLegacyCatalog: typeof ImportLegacyCatalog
  let legacy: { url: string; close: () => Promise<void>; requests: string[] }
  const pngProduct = "Harbor Glucose Tablets"
  const png = pngBytes(5, 5, [10, 120, 60])

  /** The export as a legacy backend would answer it: pictures on its own host. */
  const legacyAnswer = (base: string): Export => ({
    categories: exported.categories,
    products: exported.products.map((p) => ({ ...p, image: p.image && `${base}/media/${p.image.split("/").pop()}` })),
  })

  beforeAll(async () => {
    ;({ importLegacyCatalog } = await import("../../migrations/legacy-import/catalog"))
    const container = getContainer()
    // One product with a raster picture (the seed's pictures are SVG drawings).
    const categories = (await call("GET", "/api/categories/")).body
    const created = await call("POST", "/api/products/", {
      token: suite.token,
      form: {
        name: pngProduct,
        description: "Fast-acting glucose, 50 chewable tablets.",
        category: categories[1].id,
        is_popular: "true",
        image: { bytes: png, filename: "glucose.png", type: "image/png" },
      } as any,
    })
    await call("POST", `/api/products/${created.body.id}/variants/`, {
      token: suite.token,
      json: { name: "Orange", price: 6.49, stock: 40 },
    })
    await call("POST", `/api/products/${created.body.id}/variants/`, { token: suite.token, json: { name: "Berry", price: 6.99, stock: 0 } })

    // Export through the API, then empty the catalogue: the import starts from an empty store.
    exported = { categories: (await call("GET", "/api/categories/")).body, products: (await call("GET", "/api/products/")).body }
    await deleteProductsWorkflow(container).run({ input: { ids: exported.products.map((p) => p.id) } })
    await deleteProductCategoriesWorkflow(container).run({ input: exported.categories.map((c) => c.id) })

    // The stand-in legacy backend.
    const requests: string[] = []
    const server = http.createServer((req, res) => {
      requests.push(req.url!)
      const url = new URL(req.url!, "http://legacy")
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
      const json = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body))
      if (url.pathname === "/api/categories/") return json(legacyAnswer(base).categories)
      if (url.pathname === "/api/products/") {
        const page = Number(url.searchParams.get("page") ?? 1)
        const all = legacyAnswer(base).products
        const results = all.slice((page - 1) * 10, page * 10)
        const next = page * 10 < all.length ? `${base}/api/products/?page=${page + 1}` : null
        return json({ count: all.length, next, previous: null, results })
      }
      if (url.pathname === "/elsewhere/api/categories/") return json([])
      if (url.pathname === "/elsewhere/api/products/") return json({ next: "http://localhost:1/api/products/?page=2", results: [] })
      if (url.pathname === "/media/huge.png") {
        // A picture that never ends and says nothing of its size.
        res.writeHead(200, { "content-type": "image/png" })
        const chunk = Buffer.alloc(256 * 1024, 1)
        const pump = () => {
          while (!res.destroyed && res.write(chunk)) continue // write until the socket pushes back
          if (!res.destroyed) res.once("drain", pump)
        }
        res.on("close", () => requests.push("closed:/media/huge.png"))
        return pump()
      }
      if (url.pathname.startsWith("/media/")) {
        const file = path.join(process.env.MEDUSA_UPLOAD_DIR!, decodeURIComponent(url.pathname.slice("/media/".length)))
        if (fs.existsSync(file)) return res.writeHead(200).end(fs.readFileSync(file))
      }
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    legacy = {
      url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      close: () => new Promise((resolve) => server.close(() => resolve())),
      requests,
    }
  })

  afterAll(async () => {
    await legacy?.close()
  })

  const current = async (): Promise<Export> => ({
    categories: (await call("GET", "/api/categories/")).body,
    products: (await call("GET", "/api/products/")).body,
  })

  it("starts from an empty catalogue", async () => {
    expect(await current()).toEqual({ categories: [], products: [] })
    expect(exported.products.length).toBeGreaterThan(30)
  })

  it("imports a legacy backend's catalogue by URL, and it reads back the same through /api", async () => {
    const report = await importLegacyCatalog(getContainer(), await readLegacySource(legacy.url, LOCAL), { network: LOCAL })
    expect(report.errors).toEqual([])
    expect(legacy.requests.filter((r) => r.startsWith("/api/products/"))).toHaveLength(Math.ceil(exported.products.length / 10))
    const variants = exported.products.reduce((n, p) => n + p.variants.length, 0)
    expect(report).toMatchObject({
      categories: { created: exported.categories.length, updated: 0 },
      products: { created: exported.products.length, updated: 0, unchanged: 0 },
      variants: { created: variants, updated: 0, unchanged: 0 },
    })

    const imported = await current()
    expect(comparable(imported)).toEqual(comparable(exported))
    // Categories keep their order; products keep their category.
    expect(imported.categories.map((c) => c.name)).toEqual(exported.categories.map((c) => c.name))

    // The raster picture now lives in Medusa's file module (same bytes); SVG drawings keep their URL.
    const glucose = imported.products.find((p) => p.name === pngProduct)!
    expect(glucose.image).toMatch(/\/static\/.+\.png$/)
    expect(fs.readFileSync(path.join(process.env.MEDUSA_UPLOAD_DIR!, decodeURIComponent(glucose.image!.split("/static/")[1])))).toEqual(
      Buffer.from(png)
    )
    const svgs = imported.products.filter((p) => p.image?.endsWith(".svg"))
    expect(svgs.length).toBeGreaterThan(20)
    for (const p of svgs) expect(p.image!.startsWith(`${legacy.url}/media/`)).toBe(true)
    expect(report.images).toEqual({ uploaded: 1, kept_remote: svgs.length, unchanged: 0 })
    expect(report.warnings.filter((w) => w.includes("is not a PNG, JPEG, GIF or WebP"))).toHaveLength(svgs.length)
  })

  it("is idempotent: a second run updates in place, re-uploads nothing and duplicates nothing", async () => {
    const container = getContainer()
    const data = await readLegacySource(legacy.url, LOCAL)
    await importLegacyCatalog(container, data, { network: LOCAL })
    const afterFirst = await current()
    const files = fs.readdirSync(process.env.MEDUSA_UPLOAD_DIR!).length
    const rows = async () =>
      (
        await dbConnection.raw(
          `SELECT (SELECT count(*) FROM product WHERE deleted_at IS NULL) AS p, (SELECT count(*) FROM product_variant WHERE deleted_at IS NULL) AS v, (SELECT count(*) FROM product_category WHERE deleted_at IS NULL) AS c, (SELECT count(*) FROM product_option_value WHERE deleted_at IS NULL) AS o`
        )
      ).rows[0]
    const counts = await rows()

    const second = await importLegacyCatalog(container, data, { network: LOCAL })
    expect(second.errors).toEqual([])
    expect(second).toMatchObject({
      categories: { created: 0, updated: 0, unchanged: exported.categories.length },
      products: { created: 0, updated: 0, unchanged: exported.products.length },
      variants: { created: 0, updated: 0, unchanged: exported.products.reduce((n, p) => n + p.variants.length, 0) },
      images: { uploaded: 0, kept_remote: 0 },
    })
    expect(await rows()).toEqual(counts)
    expect(fs.readdirSync(process.env.MEDUSA_UPLOAD_DIR!).length).toBe(files)
    expect(await current()).toEqual(afterFirst)
  })

  it("reads the network only under its policy: https, public addresses, next links on the same origin, pictures up to their size limit", async () => {
    const before = { files: fs.existsSync(process.env.MEDUSA_UPLOAD_DIR!) ? fs.readdirSync(process.env.MEDUSA_UPLOAD_DIR!) : [] }
    // The audit's replay: a legacy URL over plain http, and a host on this machine (the network next door, cloud metadata).
    await expect(readLegacySource(legacy.url)).rejects.toThrow(/only https:\/\/ URLs are fetched/)
    await expect(readLegacySource(legacy.url, { allowHttp: true })).rejects.toThrow(
      /resolves to 127\.0\.0\.1, a private, loopback or link-local address/
    )
    await expect(readLegacySource("https://169.254.169.254/latest")).rejects.toThrow(/169\.254\.169\.254/)
    // A `next` link to another host.
    await expect(readLegacySource(`${legacy.url}/elsewhere`, LOCAL)).rejects.toThrow(
      /Refusing http:\/\/localhost:1\/api\/products\/\?page=2: it leaves/
    )
    expect(legacy.requests.some((r) => r.includes("page=2") && !r.startsWith("/api/products/"))).toBe(false)

    // Pictures: a private host without the allowance, and an endless one, are kept at their URL, not downloaded.
    const data = legacyAnswer(legacy.url)
    const product = {
      ...data.products.find((p) => p.name === pngProduct)!,
      id: "p-huge",
      name: "Huge Picture Tablets",
      image: `${legacy.url}/media/huge.png`,
    }
    const lone = { categories: data.categories, products: [product] }
    const huge = await importLegacyCatalog(getContainer(), lone, { network: LOCAL })
    expect(huge.errors).toEqual([])
    expect(huge.images).toEqual({ uploaded: 0, kept_remote: 1, unchanged: 0 })
    expect(huge.warnings).toEqual([expect.stringContaining(`picture could not be downloaded; kept its URL ${legacy.url}/media/huge.png`)])
    await expect.poll(() => legacy.requests).toContain("closed:/media/huge.png")
    // Without the allowance, the stand-in's (private, http) picture is not fetched at all.
    const fetched = legacy.requests.length
    const glucose = {
      categories: data.categories,
      products: [{ ...data.products.find((p) => p.name === pngProduct)!, id: "p-glucose-2", name: "Glucose Again" }],
    }
    expect((await importLegacyCatalog(getContainer(), glucose)).images).toEqual({ uploaded: 0, kept_remote: 1, unchanged: 0 })
    expect(legacy.requests.length).toBe(fetched)
    expect(fs.readdirSync(process.env.MEDUSA_UPLOAD_DIR!).filter((f) => !before.files.includes(f))).toEqual([])
  })

  it("refuses invalid legacy data as a whole: every problem is reported and nothing is written", async () => {
    const before = await storeFingerprint(dbConnection)
    const good = legacyAnswer(legacy.url)
    const broken = {
      categories: [...good.categories, { id: "x1", name: "  " }],
      products: [
        ...good.products,
        {
          ...good.products[0],
          id: "p-six",
          name: "Six variants",
          variants: Array.from({ length: 6 }, (_, i) => ({ name: `V${i}`, price: 1, stock: 1 })),
        },
        { ...good.products[0], id: "p-neg", name: "Negative", variants: [{ name: "A", price: -5, stock: 1 }] },
        { ...good.products[0], id: "p-cat", name: "No category", category: "nope", category_name: null },
      ],
    }
    const report = await importLegacyCatalog(getContainer(), broken)
    expect(report.errors).toEqual([
      "category #4 (  ): name: Category name is required",
      `product #${good.products.length + 1} (Six variants): variants: A product can have at most 5 variants`,
      `product #${good.products.length + 2} (Negative): variants.0.price: Price must be at least 0`,
      "product p-cat (No category): its category (nope) is not in the import",
    ])
    expect(report.products.created).toBe(0)
    expect(await storeFingerprint(dbConnection)).toEqual(before)
  })

  it("`npm run import:legacy -- <file.json>` imports a file, and running it again applies the file's changes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "legacy-import-"))
    const file = path.join(dir, "legacy.json")
    const data = legacyAnswer(legacy.url)
    fs.writeFileSync(file, JSON.stringify(data))
    const run = () =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [path.join(ROOT, "migrations", "import-legacy.mjs"), file, "--allow-http", "--allow-private-addresses"],
          {
            cwd: ROOT,
            env: { ...process.env, DATABASE_URL: dbConfig.clientUrl, NODE_ENV: "development", LOG_LEVEL: "error" },
            stdio: ["ignore", "pipe", "pipe"],
          }
        )
        let output = ""
        child.stdout.on("data", (chunk) => (output += chunk))
        child.stderr.on("data", (chunk) => (output += chunk))
        child.on("exit", (code) => resolve({ code, output }))
      })

    const first = await run()
    expect(first.code, first.output).toBe(0)
    expect(first.output).toContain(`products:   ${data.products.length} created, 0 updated, 0 unchanged`)
    expect(comparable(await current())).toEqual(comparable(exported))

    // The legacy data changed since: a renamed category, an edited product, a new variant.
    const edited = structuredClone(data)
    edited.categories[2].name = "Insulin & Pens"
    const target = edited.products.find((p) => p.name === pngProduct)!
    target.name = "Harbor Glucose Tablets (50)"
    target.prescription = true
    target.variants[0].price = 5.99
    target.variants[1].stock = 12
    target.variants.push({ id: "legacy-v-new", name: "Grape", price: 6.49, stock: 7 })
    fs.writeFileSync(file, JSON.stringify(edited))
    const second = await run()
    expect(second.code, second.output).toBe(0)
    expect(second.output).toContain(`products:   0 created, 1 updated, ${data.products.length - 1} unchanged`)
    expect(second.output).toContain("variants:   1 created, 2 updated")

    const after = await current()
    expect(after.products).toHaveLength(exported.products.length)
    expect(after.categories.map((c) => c.name)).toEqual(edited.categories.map((c) => c.name))
    const glucose = after.products.find((p) => p.name === "Harbor Glucose Tablets (50)")!
    expect(glucose).toMatchObject({ prescription: true, is_popular: true })
    expect(glucose.variants.map((v) => [v.name, v.price, v.stock])).toEqual([
      ["Orange", 5.99, 40],
      ["Berry", 6.99, 12],
      ["Grape", 6.49, 7],
    ])
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
