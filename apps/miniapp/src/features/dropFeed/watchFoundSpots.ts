import { spotDayAt } from '@worldmap/game'
import { liveRecords } from '@worldmap/game/contract'
import type { WatchPath } from '../../lib/firebase/WatchValue.js'
import { watchRecord } from '../../lib/firebase/watchRecord.js'
import type { FoundSpots } from '../drops/MapDataSource.js'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Listen to the spots the player found today (owner-read, on the player's
 * instance, written by `collectDrop`): `onSpots` with the UTC day and its
 * spots (`liveRecords.spotFinds`: well-formed keys only) on every change. At 00:00 UTC it moves to the new day's node (the
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
    stop = watchRecord(watch, liveRecords.spotFinds, [day, uid], (spots) => onSpots({ day, spots }), onError)
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
