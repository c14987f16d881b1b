/**
 * A value that is expensive to build (a part of the catalogue read model), shared by every
 * server process through Medusa's Caching Module and invalidated by cache tags:
 * - Medusa's auto-invalidation clears `<Entity>:list:*` tags whenever any process emits an entity
 *   event (product-variant.updated, inventory-level.updated, ...); with the Redis provider the
 *   clear is seen by every process at once;
 * - our own workflows and subscribers clear the snapshot's own tag after their writes.
 *
 * The cache holds two entries per snapshot, both carrying its tags: an *epoch* marker (a random
 * token, a few bytes) and the data stored under that token. A read costs one small cache read
 * (the marker); while the marker is unchanged, the value this process built or fetched for it is
 * served from its memory, so reads stay as fast as a plain in-memory cache. When the marker is
 * gone, the reader publishes a new token *before* reading the database and keeps what it built
 * only if the token survived the build, so a write that lands mid-build is never hidden.
 *
 * See docs/decisions/0036-shared-catalogue-cache.md.
 */
import crypto from "node:crypto"

/** The part of Medusa's Caching Module service this needs (Modules.CACHING). */
export type SnapshotCache = {
  get(options: { key: string }): Promise<unknown>
  set(options: { key: string; data: object | string; ttl?: number; tags?: string[] }): Promise<void>
  clear(options: { tags: string[] }): Promise<void>
}

export type SnapshotOptions<T, Stored> = {
  /** Names the cache keys: `<name>:epoch`, `<name>:data:<token>`. */
  name: string
  /** Clearing any of these drops the snapshot. */
  tags: string[]
  /** Seconds before the cache forgets it anyway: only a bound for changes no event reports. */
  ttlSeconds: number
  build: () => Promise<T>
  /** To and from the JSON the cache stores (Maps are not JSON). */
  encode: (value: T) => Stored
  decode: (stored: Stored) => T
}

type Build<T> = { token: string; readingStarted: boolean; promise: Promise<T> }

export class SharedSnapshot<T, Stored extends object | string = object> {
  private local?: { token: string; value: T }
  private builds: Build<T>[] = []

  constructor(
    private readonly cache: SnapshotCache,
    private readonly options: SnapshotOptions<T, Stored>
  ) {}

  private get epochKey() {
    return `${this.options.name}:epoch`
  }

  private dataKey(token: string) {
    return `${this.options.name}:data:${token}`
  }

  async get(): Promise<T> {
    const token = (await this.cache.get({ key: this.epochKey })) as string | null
    if (token && this.local?.token === token) return this.local.value
    if (token) {
      // Someone (this process or another) built for this token: its build read the database
      // after the token was published, so it reflects every write cleared before our read.
      const building = this.builds.find((b) => b.token === token)
      if (building) return building.promise
      const stored = (await this.cache.get({ key: this.dataKey(token) })) as Stored | null
      if (stored) {
        const value = this.options.decode(stored)
        this.local = { token, value }
        return value
      }
      return this.build(token, false) // still being built elsewhere: build it here too
    }
    // Invalidated. Join a build that has not read the database yet; one that already
    // has may have read before the write that cleared the marker.
    const pending = this.builds.find((b) => !b.readingStarted)
    if (pending) return pending.promise
    return this.build(crypto.randomBytes(12).toString("base64url"), true)
  }

  /** Drops the snapshot everywhere (the next read of any process rebuilds it). */
  async invalidate(): Promise<void> {
    await this.cache.clear({ tags: this.options.tags })
  }

  private build(token: string, publish: boolean): Promise<T> {
    const { tags, ttlSeconds: ttl } = this.options
    const entry: Build<T> = { token, readingStarted: false, promise: Promise.resolve() as Promise<T> }
    entry.promise = (async () => {
      try {
        if (publish) await this.cache.set({ key: this.epochKey, data: token, tags, ttl })
        entry.readingStarted = true
        const value = await this.options.build()
        if (publish) await this.cache.set({ key: this.dataKey(token), data: this.options.encode(value), tags, ttl })
        if ((await this.cache.get({ key: this.epochKey })) === token) this.local = { token, value }
        return value
      } finally {
        this.builds = this.builds.filter((b) => b !== entry)
      }
    })()
    this.builds.push(entry)
    return entry.promise
  }
}
