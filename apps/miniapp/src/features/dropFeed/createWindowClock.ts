import { SPAWN_WINDOW_MS, spawnWindowOf } from '@worldmap/game'

/** The spawn-window clock of one data source: the game clock, corrected by what the server says. */
export interface WindowClock {
  /** Server time as best known, ms. */
  now(): number
  /** The spawn window the server is in now, as best known. */
  window(): number
  /** When `window` ends, server time, ms. */
  endOf(window: number): number
  /**
   * The server said it is in `window` (an `ensureDropsNear` reply): if the
   * device clock puts now outside it, shift the clock by the least amount
   * that puts it inside. Within the window the skew cannot be seen, and
   * does not matter: drops change with windows.
   */
  adopt(window: number): void
  /** Forget what `adopt` corrected: the clock below it has learned the server's time itself. */
  reset(): void
}

/**
 * A {@link WindowClock} over the game clock (`gameClock`, server time once
 * known). Before the server's time is known that is the device's clock, and
 * phones' clocks drift and some are set by hand: a clock off near a window's
 * end would read the wrong window's drops, or none. The server's window
 * wins; once the game clock knows the server's time, `reset` drops the
 * correction, which would otherwise count the skew twice.
 *
 * @example
 * ```ts
 * const clock = createWindowClock(gameNow)
 * clock.adopt(reply.window)
 * setTimeout(rollOver, clock.endOf(clock.window()) - clock.now())
 * ```
 */
export function createWindowClock(deviceNow: () => number): WindowClock {
  let offset = 0
  const now = () => deviceNow() + offset
  return {
    now,
    window: () => spawnWindowOf(now()).index,
    endOf: (window) => (window + 1) * SPAWN_WINDOW_MS,
    adopt(window) {
      const time = now()
      const start = window * SPAWN_WINDOW_MS
      const end = start + SPAWN_WINDOW_MS
      if (time < start) offset += start - time
      else if (time >= end) offset -= time - end + 1
    },
    reset() {
      offset = 0
    },
  }
}
