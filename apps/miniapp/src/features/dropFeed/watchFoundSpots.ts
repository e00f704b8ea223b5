import { databasePaths, spotDayAt } from '@worldmap/game'
import type { FoundSpots } from '../drops/MapDataSource.js'
import type { WatchPath } from './createCellListeners.js'

const DAY_MS = 24 * 60 * 60 * 1000
/** Spot keys are `{spawn cell}_{index}`; anything else under the node is skipped. */
const SPOT_KEY = /^[0-9b-hjkmnp-z]{7}_\d{1,2}$/

/**
 * The spots of `value` (`/spotFinds/{day}/{uid}` = `{ [spot]: dropId }`): its
 * well-formed keys. Never throws: a missing node is no spot found.
 *
 * @example
 * ```ts
 * parseFoundSpots({ w21z73t_3: 'w21z73t_986211_3' }) // Set { 'w21z73t_3' }
 * ```
 */
export function parseFoundSpots(value: unknown): ReadonlySet<string> {
  if (!value || typeof value !== 'object') return new Set()
  return new Set(Object.keys(value).filter((key) => SPOT_KEY.test(key)))
}

/**
 * Listen to the spots the player found today (owner-read, on the main
 * instance, written by `collectDrop`): `onSpots` with the UTC day and its
 * spots on every change. At 00:00 UTC it moves to the new day's node (the
 * day's spots are new too), and to the day `now` reads whenever
 * `onClockChange` says the clock changed. Returns the unsubscribe function.
 *
 * @example
 * ```ts
 * const stop = watchFoundSpots(backend.watch, gameNow, uid, setFound, console.error)
 * ```
 */
export function watchFoundSpots(
  watch: WatchPath,
  now: () => number,
  uid: string,
  onSpots: (found: FoundSpots) => void,
  onError: (error: Error) => void,
  onClockChange?: (listener: () => void) => () => void,
): () => void {
  let stop = () => {}
  let timer: ReturnType<typeof setTimeout> | undefined
  let day = Number.NaN
  const follow = () => {
    clearTimeout(timer)
    stop()
    day = spotDayAt(now())
    onSpots({ day, spots: new Set() })
    stop = watch(databasePaths.spotFinds(day, uid), (value) => onSpots({ day, spots: parseFoundSpots(value) }), onError)
    // A few ms past midnight, so the clock reads the new day.
    timer = setTimeout(follow, (day + 1) * DAY_MS - now() + 50)
  }
  follow()
  // The clock learned the server's day (a phone a day off read another): follow it.
  const stopClock = onClockChange?.(() => {
    if (spotDayAt(now()) !== day) follow()
    else {
      clearTimeout(timer)
      timer = setTimeout(follow, (day + 1) * DAY_MS - now() + 50)
    }
  })
  return () => {
    stopClock?.()
    clearTimeout(timer)
    stop()
  }
}
