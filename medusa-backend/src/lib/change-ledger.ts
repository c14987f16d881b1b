/**
 * A read model kept in each server process's memory and brought up to date with only what changed
 * since its last read (decision 0064): the catalogue's products and its stock. Reading what changed
 * costs what changed, where reading everything again costs the whole catalogue.
 *
 * When to read: two small markers in Medusa's Caching Module, shared by every process.
 * - The ledger's *marker* carries its tags, so Medusa's auto-invalidation (an entity event, as it is
 *   emitted) and our own clears drop it in every process at once. A process whose marker is gone, or
 *   differs from the one it last read under, reads the changes since its last read. The reader of a
 *   dropped marker publishes a new one before it reads the database, so a write that lands mid-read
 *   drops it again and is read by the next request.
 * - The *generation* (`catalog:generation`, tag `catalog:reread`): when it changes, every process
 *   reads everything again (after a change no timestamp shows, such as a restored database).
 * Each process also reads everything again every `fullReadMs`, the bound for changes that neither
 * an event nor a timestamp reports; in the background, serving what it holds meanwhile, as nothing
 * known is missing from it.
 */
import crypto from "node:crypto"

/** The part of Medusa's Caching Module service (Modules.CACHING) a ledger needs. */
export type LedgerCache = {
  get(options: { key: string }): Promise<unknown>
  set(options: { key: string; data: object | string; ttl?: number; tags?: string[] }): Promise<void>
  clear(options: { tags: string[] }): Promise<void>
}

/**
 * How far before its last read a process looks for changes. Timestamps are set from the writing
 * server's clock when the write is made, and the write becomes visible at its commit, later: the
 * overlap covers both (clocks a little apart, a transaction of some seconds).
 */
export const CHANGE_OVERLAP_MS = 2 * 60_000

export const GENERATION_KEY = "catalog:generation"
export const GENERATION_TAG = "catalog:reread"
/** The generation outlives the Caching Module's one-hour default: its expiry makes every process read everything. */
const GENERATION_TTL_SECONDS = 30 * 24 * 60 * 60

export type ChangeLedgerOptions<T> = {
  /** The marker's cache key, and the tags that drop it. */
  key: string
  tags: string[]
  /** How long the marker lives without an event. */
  ttlSeconds: number
  /** Everything is read again at least this often. */
  fullReadMs: number
  readAll: () => Promise<T>
  /** `base` with what changed since `since`: `base` itself when nothing did, null when it cannot tell (then everything is read). */
  readChanges: (base: T, since: Date) => Promise<T | null>
}

type Kept<T> = { value: T; token: string; generation: string; readAt: number; fullReadAt: number }
type ReadProgress = { token: string; generation: string; readingStarted: boolean }

export class ChangeLedger<T> {
  private local?: Kept<T>
  private reads: { progress: ReadProgress; promise: Promise<Kept<T>> }[] = []
  private fullRead: Promise<void> | null = null

  constructor(
    private readonly cache: LedgerCache,
    private readonly options: ChangeLedgerOptions<T>
  ) {}

  async get(): Promise<T> {
    const [token, generation] = (await Promise.all([
      this.cache.get({ key: this.options.key }),
      this.cache.get({ key: GENERATION_KEY }),
    ])) as [string | null, string | null]
    const local = this.local
    if (token && generation && local?.token === token && local.generation === generation) return local.value
    // A read in progress answers if it has not started reading yet, or read the database after these
    // markers were published; otherwise it may predate the write that dropped them.
    const joinable = this.reads.find(
      ({ progress }) => !progress.readingStarted || (progress.token === token && progress.generation === generation)
    )
    if (joinable) return (await joinable.promise).value
    return (await this.read(token, generation)).value
  }

  private read(currentToken: string | null, currentGeneration: string | null): Promise<Kept<T>> {
    const progress: ReadProgress = {
      token: currentToken ?? newToken(),
      generation: currentGeneration ?? newToken(),
      readingStarted: false,
    }
    const promise = this.readAndKeep(progress, { marker: !currentToken, generation: !currentGeneration }).finally(() => {
      this.reads = this.reads.filter((read) => read.promise !== promise)
    })
    this.reads.push({ progress, promise })
    return promise
  }

  private async readAndKeep(progress: ReadProgress, publish: { marker: boolean; generation: boolean }): Promise<Kept<T>> {
    const { key, tags, ttlSeconds, fullReadMs } = this.options
    await Promise.all([
      publish.marker && this.cache.set({ key, data: progress.token, tags, ttl: ttlSeconds }),
      publish.generation &&
        this.cache.set({ key: GENERATION_KEY, data: progress.generation, tags: [GENERATION_TAG], ttl: GENERATION_TTL_SECONDS }),
    ])
    const readAt = Date.now()
    const base = this.local?.generation === progress.generation ? this.local : undefined
    progress.readingStarted = true
    const changed = base ? await this.options.readChanges(base.value, since(base.readAt)) : null
    const kept: Kept<T> =
      base && changed
        ? { value: changed, token: progress.token, generation: progress.generation, readAt, fullReadAt: base.fullReadAt }
        : { value: await this.options.readAll(), token: progress.token, generation: progress.generation, readAt, fullReadAt: readAt }
    this.keep(kept)
    if (readAt - kept.fullReadAt >= fullReadMs) this.readAllInBackground(progress.generation)
    return kept
  }

  /** Reads may finish out of order: keep the newest. */
  private keep(kept: Kept<T>) {
    if (!this.local || this.local.readAt <= kept.readAt) this.local = kept
  }

  /** The periodic full read, then the changes made while it ran; what the process holds is served meanwhile. */
  private readAllInBackground(generation: string) {
    if (this.fullRead) return
    this.fullRead = (async () => {
      const readAt = Date.now()
      let kept: Kept<T> = { value: await this.options.readAll(), token: "", generation, readAt, fullReadAt: readAt }
      const latest = this.local
      if (latest?.generation !== generation) return
      if (latest.readAt > readAt) {
        const rereadAt = Date.now()
        const changed = await this.options.readChanges(kept.value, since(readAt))
        if (!changed) return
        kept = { ...kept, value: changed, readAt: rereadAt }
      }
      this.keep({ ...kept, token: latest.token })
    })()
      .catch(() => undefined) // tried again at the next read: fullReadAt is unchanged
      .finally(() => {
        this.fullRead = null
      })
  }
}

const since = (readAt: number) => new Date(readAt - CHANGE_OVERLAP_MS)

const newToken = () => crypto.randomBytes(12).toString("base64url")
