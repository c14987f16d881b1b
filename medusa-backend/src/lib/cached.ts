/**
 * An in-memory value with a time-to-live and explicit invalidation:
 * - within the TTL, reads are served from memory;
 * - after the TTL, reads still get the old value while one reload runs
 *   (stale-while-revalidate);
 * - after `invalidate()`, the next read waits for a value loaded after that
 *   call, so a write we know about is never followed by a stale read.
 * `CATALOG_CACHE=off` turns it into a plain call of `load`.
 */
export class Cached<T, C = unknown> {
  private value?: T
  private loadedAt = 0
  /** Bumped by every invalidation. */
  private version = 0
  /** The version the current value was loaded at (a load started at version v reflects every write before v). */
  private loadedVersion = -1
  private inflight?: Promise<void>

  constructor(
    private readonly load: (container: C) => Promise<T>,
    private readonly ttlMs: number
  ) {}

  async get(container: C): Promise<T> {
    if (process.env.CATALOG_CACHE === "off") return this.load(container)
    if (this.value === undefined || this.loadedVersion < this.version) return this.fresh(container)
    if (Date.now() - this.loadedAt > this.ttlMs && !this.inflight) this.start(container) // serve stale meanwhile
    return this.value
  }

  /** The next read waits for data loaded after this call. */
  invalidate() {
    this.version += 1
  }

  /** Waits for a value at least as new as every invalidation made before this call. */
  private async fresh(container: C): Promise<T> {
    const wanted = this.version
    while (this.value === undefined || this.loadedVersion < wanted) {
      if (!this.inflight) this.start(container)
      await this.inflight // a failed load fails this read
    }
    return this.value
  }

  private start(container: C) {
    const version = this.version
    const loading = this.load(container)
      .then((value) => {
        if (version >= this.loadedVersion) {
          this.value = value
          this.loadedAt = Date.now()
          this.loadedVersion = version
        }
      })
      .finally(() => {
        if (this.inflight === loading) this.inflight = undefined
      })
    loading.catch(() => {}) // background refreshes have no reader to report to
    this.inflight = loading
  }
}
