import { databasePaths, type MapDrop, parseStreakDropId, streakDropSchema } from '@worldmap/game'
import type { WatchPath } from './createCellListeners.js'

/**
 * The player's streak rewards, `/streakDrops/{uid}` = `{ [dropId]: StreakDrop }`,
 * as map drops. Entries are checked with `streakDropSchema` and the id must
 * be a streak reward's (`parseStreakDropId`); anything else is skipped, never
 * thrown. Expired ones are left out.
 *
 * @example
 * ```ts
 * parseStreakDrops({ streak_997460_0123456789ab: { lat, lng, kind: 'gem', rarity: 'epic', expiresAt, streakDay: 7 } }, now)
 * // [{ id: 'streak_997460_0123456789ab', lat, lng, kind: 'gem', rarity: 'epic', expiresAt, streakDay: 7 }]
 * ```
 */
export function parseStreakDrops(value: unknown, now: number): MapDrop[] {
  const drops: MapDrop[] = []
  if (!value || typeof value !== 'object') return drops
  for (const [id, raw] of Object.entries(value)) {
    if (!parseStreakDropId(id)) continue
    const parsed = streakDropSchema.safeParse(raw)
    if (!parsed.success || parsed.data.expiresAt <= now) continue
    const { lat, lng, kind, rarity, expiresAt, streakDay } = parsed.data
    drops.push({ id, lat, lng, kind, rarity, expiresAt, streakDay })
  }
  return drops
}

/**
 * Listen to the player's streak rewards (owner-read, on the main database
 * instance): `onDrops` with the live, unexpired ones on every change, and
 * again when the next one expires, so a reward never outlives its time on
 * the map; again when `onClockChange` says the clock changed. Returns the
 * unsubscribe function.
 *
 * @example
 * ```ts
 * const stop = watchStreakDrops(backend.watch, gameNow, uid, setRewards, console.error)
 * ```
 */
export function watchStreakDrops(
  watch: WatchPath,
  now: () => number,
  uid: string,
  onDrops: (drops: readonly MapDrop[]) => void,
  onError: (error: Error) => void,
  onClockChange?: (listener: () => void) => () => void,
): () => void {
  let latest: unknown = null
  let timer: ReturnType<typeof setTimeout> | undefined
  const deliver = () => {
    clearTimeout(timer)
    const drops = parseStreakDrops(latest, now())
    onDrops(drops)
    const next = Math.min(...drops.map((drop) => drop.expiresAt))
    if (Number.isFinite(next)) timer = setTimeout(deliver, Math.max(0, next - now()))
  }
  const stop = watch(
    databasePaths.streakDrops(uid),
    (value) => {
      latest = value
      deliver()
    },
    onError,
  )
  // The clock learned the server's time: which rewards are live, and when the next expires, change with it.
  const stopClock = onClockChange?.(() => {
    if (latest !== null) deliver()
  })
  return () => {
    stopClock?.()
    clearTimeout(timer)
    stop()
  }
}
