import type { MapDrop } from '@worldmap/game'
import { liveRecords } from '@worldmap/game/contract'
import type { WatchPath } from '../../lib/firebase/WatchValue.js'
import { watchRecord } from '../../lib/firebase/watchRecord.js'

/**
 * The rewards of `drops` still live at `now`: the row reads every stored
 * reward, expired or not, since which are live is this clock's to say.
 *
 * @example
 * ```ts
 * liveStreakDrops(liveRecords.streakDrops.read(stored), gameNow()) // the unexpired ones
 * ```
 */
export function liveStreakDrops(drops: readonly MapDrop[], now: number): MapDrop[] {
  return drops.filter((drop) => drop.expiresAt > now)
}

/**
 * Listen to the player's streak rewards (owner-read, on the player's database
 * instance, read by `liveRecords.streakDrops`): `onDrops` with the live, unexpired ones on every change, and
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
  let latest: readonly MapDrop[] | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  const deliver = () => {
    clearTimeout(timer)
    const drops = liveStreakDrops(latest ?? [], now())
    onDrops(drops)
    const next = Math.min(...drops.map((drop) => drop.expiresAt))
    if (Number.isFinite(next)) timer = setTimeout(deliver, Math.max(0, next - now()))
  }
  const stop = watchRecord(
    watch,
    liveRecords.streakDrops,
    [uid],
    (drops) => {
      latest = drops
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
