/** Where a reading of server time came from. */
export type ServerTimeSource = 'sign-nonce' | 'database' | 'callable'

/** The game's clock: the device's clock corrected by the server's offset. See {@link createServerClock}. */
export interface ServerClock {
  /** Server time as best known, ms since the epoch. */
  now(): number
  /** Server time minus device time, ms; 0 until the server has been heard. */
  offset(): number
  /** Where the offset came from, or `null` while only the device's clock is known. */
  source(): ServerTimeSource | null
  /**
   * The server's clock reads `offsetMs` ahead of the device's (negative:
   * behind). The latest reading wins: the device's clock may have been
   * changed since the last one. Listeners hear of a change only when it
   * moves server time by more than `noiseMs`.
   */
  adopt(offsetMs: number, source: ServerTimeSource): void
  /** Call `listener` whenever the offset changes noticeably; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
}

/** Options of {@link createServerClock}. */
export interface ServerClockOptions {
  /** The device's clock. @default Date.now */
  deviceNow?: () => number
  /**
   * A change of offset smaller than this is noise (network latency between
   * two readings), not news: listeners are not told, ms. @default 1000
   */
  noiseMs?: number
}

/**
 * A {@link ServerClock}: the one clock the app reads game time from — spawn
 * windows, the UTC and the player's local day, the streak, when a drop or a
 * reward expires. A phone's clock is often hours off (set by hand, after a
 * trip, a wrong time zone); the server's is not, and it is the server that
 * decides windows, days and streaks. Until the server has been heard the
 * device's clock stands in (offset 0).
 *
 * @example
 * ```ts
 * const clock = createServerClock()
 * clock.adopt(serverTime - Date.now(), 'sign-nonce')
 * spawnWindowOf(clock.now()) // the server's window, whatever the phone says
 * ```
 */
export function createServerClock({ deviceNow = Date.now, noiseMs = 1000 }: ServerClockOptions = {}): ServerClock {
  let offset = 0
  let source: ServerTimeSource | null = null
  const listeners = new Set<() => void>()
  return {
    now: () => deviceNow() + offset,
    offset: () => offset,
    source: () => source,
    adopt(offsetMs, from) {
      // A reading that is not a number would stop the clock: keep the last good one.
      if (!Number.isFinite(offsetMs)) return
      const change = Math.abs(offsetMs - offset)
      offset = Math.round(offsetMs)
      source = from
      if (change > noiseMs) for (const listener of [...listeners]) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
