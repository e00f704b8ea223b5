import * as z from 'zod/mini'
import { publicDropSchema } from './publicDropSchema.js'
import type { Rarity } from './rarities.js'

/**
 * The streak days that earn a reward drop, and the least rarity it has: the
 * day a find would make the streak 3 days long guarantees a rare or better,
 * day 7 an epic or better (issue 24, point 4).
 *
 * @example
 * ```ts
 * STREAK_REWARDS[7] // 'epic'
 * ```
 */
export const STREAK_REWARDS = { 3: 'rare', 7: 'epic' } as const satisfies Record<number, Rarity>

/** A streak reward lies this far from the player who asked, at least: never in reach standing still. */
export const STREAK_DROP_MIN_METERS = 100
/** …and at most: a short walk. */
export const STREAK_DROP_MAX_METERS = 250

/**
 * Matches a streak reward's id: `streak_{window}_{token}`, where `window` is
 * the last spawn window of its life (its claim is kept under it, so the purge
 * deletes the claim only once the reward has expired) and `token` 12 hex
 * digits derived from the secret seed, the player and the day.
 */
export const STREAK_DROP_ID_PATTERN = /^streak_(\d{1,12})_([0-9a-f]{12})$/

/** What a streak reward's id spells out. */
export interface StreakDropAddress {
  /** The spawn window its claim is kept under (its last). */
  window: number
  /** 12 hex digits that make it unique. */
  token: string
}

/**
 * A streak reward's id.
 *
 * @example
 * ```ts
 * formatStreakDropId({ window: 997459, token: '0123456789ab' }) // 'streak_997459_0123456789ab'
 * ```
 */
export function formatStreakDropId({ window, token }: StreakDropAddress): string {
  return `streak_${window}_${token}`
}

/**
 * Read a streak reward's id back, or `null` for anything that is not one
 * (never throws: ids arrive from clients).
 *
 * @example
 * ```ts
 * parseStreakDropId('streak_997459_0123456789ab') // { window: 997459, token: '0123456789ab' }
 * parseStreakDropId('w21z73t_997459_3') // null (a public drop)
 * ```
 */
export function parseStreakDropId(id: unknown): StreakDropAddress | null {
  if (typeof id !== 'string') return null
  const match = STREAK_DROP_ID_PATTERN.exec(id)
  if (!match) return null
  return { window: Number(match[1]), token: match[2] ?? '' }
}

/**
 * A streak reward at `/streakDrops/{uid}/{dropId}` (`databasePaths.streakDrop`):
 * a public drop's record plus `streakDay`, the streak day it rewards (3 or 7).
 * Only its player can read it, and only its player can collect it
 * (`collectDrop` with its id), once; the record is deleted when collected.
 *
 * @example
 * ```ts
 * onValue(ref(db, databasePaths.streakDrops(uid)), (snapshot) => {
 *   for (const [id, value] of Object.entries(snapshot.val() ?? {})) {
 *     const drop = streakDropSchema.safeParse(value)
 *     if (drop.success && parseStreakDropId(id)) show({ id, ...drop.data })
 *   }
 * })
 * ```
 */
export const streakDropSchema = z.extend(publicDropSchema, {
  streakDay: z.int().check(z.positive()),
})

/** One of {@link streakDropSchema}. */
export type StreakDrop = z.infer<typeof streakDropSchema>
