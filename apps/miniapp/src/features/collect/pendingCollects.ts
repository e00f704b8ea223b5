import { DROP_KINDS, type DropKind, RARITIES, type Rarity } from '@worldmap/game'
import * as z from 'zod/mini'
import { gameNow } from '../../lib/clock/gameClock.js'
import type { PositionFix } from '../drops/MapDataSource.js'

/** The storage key prefix of the pending collects; the player's uid follows. */
export const PENDING_COLLECTS_KEY_PREFIX = 'worldmap:pending-collects:v1:'
/** At most this many are kept (the oldest go first): a device that never reconnects cannot fill storage. */
export const MAX_PENDING_COLLECTS = 10
/**
 * Older than this, forgotten, ms: the server keeps a claim (to answer a
 * repeat with its item) for at least one 30-minute spawn window after the
 * drop's own window ends; past that, asking again could only mislead.
 */
export const PENDING_COLLECT_MAX_AGE_MS = 30 * 60 * 1000

/** A collect that was sent and not yet seen through to its reveal: what is needed to ask the server again. */
export interface PendingCollect extends PositionFix {
  dropId: string
  /** What the map knew the drop to be, for a plain message if the server refuses. */
  kind: DropKind
  rarity: Rarity
  /** When it was sent, ms (device clock). */
  at: number
}

/** The part of `localStorage` the pending collects use (a fake in tests). */
export type PendingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The player's pending collects: read, add, remove. Never throws: storage that fails is the same as none. */
export interface PendingCollects {
  /** The live ones, oldest first. */
  list(): PendingCollect[]
  /** Remember one (replacing an older entry for the same drop). */
  add(pending: PendingCollect): void
  /** Forget one: revealed, or refused for good. */
  remove(dropId: string): void
}

const pendingSchema = z.object({
  dropId: z.string().check(z.minLength(1), z.maxLength(64)),
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
  accuracy: z.number().check(z.gte(0)),
  kind: z.enum(DROP_KINDS),
  rarity: z.enum(RARITIES),
  at: z.number(),
})
const storedSchema = z.array(z.unknown())

/**
 * The pending collects of one player, kept in `storage` under
 * `worldmap:pending-collects:v1:{uid}`: written before `collectDrop` is
 * called and removed once its reveal has shown (or the server refused for
 * good), so a reload, a crash or a lost reply in between still ends in the
 * reveal — the map asks again, and the server's repeat-collect reply gives
 * the same item back. Every entry is checked with zod when read back (one
 * bad entry is dropped, not the others), old ones expire, and at most
 * {@link MAX_PENDING_COLLECTS} are kept.
 *
 * @example
 * ```ts
 * const pending = createPendingCollects(localStorage, user.uid, gameNow)
 * pending.add({ dropId, ...fix, kind: drop.kind, rarity: drop.rarity, at: gameNow() })
 * ```
 */
export function createPendingCollects(storage: PendingStorage | null, uid: string, now: () => number = gameNow): PendingCollects {
  const key = `${PENDING_COLLECTS_KEY_PREFIX}${uid}`

  const read = (): PendingCollect[] => {
    let raw: string | null = null
    try {
      raw = storage?.getItem(key) ?? null
    } catch {
      return []
    }
    if (raw === null) return []
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch {
      return []
    }
    const list = storedSchema.safeParse(value)
    if (!list.success) return []
    const oldest = now() - PENDING_COLLECT_MAX_AGE_MS
    return list.data.flatMap((entry) => {
      const parsed = pendingSchema.safeParse(entry)
      return parsed.success && parsed.data.at >= oldest ? [parsed.data] : []
    })
  }

  const write = (list: PendingCollect[]) => {
    try {
      if (list.length === 0) storage?.removeItem(key)
      else storage?.setItem(key, JSON.stringify(list.slice(-MAX_PENDING_COLLECTS)))
    } catch {
      // A full or blocked storage: the collect still runs, it just cannot survive a reload.
    }
  }

  return {
    list: read,
    add(pending) {
      write([...read().filter((entry) => entry.dropId !== pending.dropId), pending])
    },
    remove(dropId) {
      const list = read()
      const rest = list.filter((entry) => entry.dropId !== dropId)
      if (rest.length !== list.length) write(rest)
    },
  }
}

/**
 * The page's `localStorage` for pending collects, or `null` where there is
 * none (the server) or reading it throws (storage blocked).
 *
 * @example
 * ```ts
 * const pending = createPendingCollects(getPendingStorage(), uid)
 * ```
 */
export function getPendingStorage(): PendingStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}
