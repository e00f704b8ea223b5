/** A public card as the leaderboard shows it (`/publicProfiles/{publicId}`), already read from the database. */
export type PublicCard = Record<string, unknown>

/** Options of {@link createPublicCardCache}. */
export interface PublicCardCacheOptions {
  /** How long a card is served from memory, ms. @default 60_000 */
  ttlMs?: number
  /** Cards kept at most; the least recently used go first. @default 2_000 */
  maxEntries?: number
}

/** A per-instance cache of public cards, keyed by public id. */
export interface PublicCardCache {
  /** The card read for `publicId` within the last `ttlMs`, else `undefined`. */
  get(publicId: string, now: number): PublicCard | undefined
  /** Remember a card read at `now`. */
  set(publicId: string, card: PublicCard, now: number): void
}

/**
 * Remember the public cards of the leaderboard's rows for a minute. Every
 * `getLeaderboard` call joins the top 50 with their cards: without a cache
 * that is 50 database reads per call, and a home screen opened by a thousand
 * players (or one scripted client) multiplies them. Cards change only when a
 * player renames themselves or changes their avatar, so a minute's delay is
 * invisible; the top itself and the caller's own score are always read
 * fresh. Only cards that exist are cached: a player who publishes their card
 * appears at once. Bounded, least recently used first out, so a week with
 * many different top players never grows it without limit.
 *
 * @example
 * ```ts
 * const cards = createPublicCardCache()
 * await readLeaderboard(database, uid, Date.now(), { cards })
 * ```
 */
export function createPublicCardCache(options: PublicCardCacheOptions = {}): PublicCardCache {
  const { ttlMs = 60_000, maxEntries = 2_000 } = options
  const entries = new Map<string, { card: PublicCard; at: number }>()
  return {
    get(publicId, now) {
      const entry = entries.get(publicId)
      if (!entry) return undefined
      entries.delete(publicId)
      if (now - entry.at >= ttlMs || now < entry.at) return undefined
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      entries.set(publicId, entry)
      return entry.card
    },
    set(publicId, card, now) {
      entries.delete(publicId)
      entries.set(publicId, { card, at: now })
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest === undefined) break
        entries.delete(oldest)
      }
    },
  }
}
