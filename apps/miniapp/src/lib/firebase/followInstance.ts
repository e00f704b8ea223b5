/** The clock an instance is followed on: server time and its noticeable changes (`gameClock`). */
export interface InstanceClock {
  now(): number
  /** Call `listener` when the time jumps (the server's offset learned); returns the unsubscribe. */
  subscribe(listener: () => void): () => void
}

/** The timers it waits with (the page's; fakes in tests). */
export interface InstanceTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** `setTimeout`'s longest wait: a longer one would fire at once. */
const LONGEST_WAIT_MS = 2 ** 31 - 1

const pageTimers: InstanceTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * Follow where a record is over time: `onInstance` with the instance
 * `instanceAt(clock.now())` names, at once and again whenever that changes,
 * which can happen only as the clock crosses `changesAt` (a table switch's
 * `playersMoveAt`) or jumps across it (the server's offset learned). The
 * caller's listener is keyed by the instance: each call moves it there. With
 * `changesAt` `null` (no switch, or a record whose instance never changes)
 * it calls `onInstance` once and waits for nothing. Returns the stop function.
 *
 * @example
 * ```ts
 * const stop = followInstance((now) => router.playerAt(uid, now).instance, router.playersMoveAt, gameClock, (url) => listenOn(url))
 * ```
 */
export function followInstance(
  instanceAt: (now: number) => string,
  changesAt: number | null,
  clock: InstanceClock,
  onInstance: (instance: string) => void,
  timers: InstanceTimers = pageTimers,
): () => void {
  let instance = instanceAt(clock.now())
  onInstance(instance)
  if (changesAt === null) return () => {}
  let timer: unknown
  const check = () => {
    timers.clearTimeout(timer)
    timer = undefined
    const now = clock.now()
    const next = instanceAt(now)
    if (next !== instance) {
      instance = next
      onInstance(next)
    }
    // A ms past the crossing, so the clock reads the far side; a wait longer than a timer takes is taken in parts.
    if (now <= changesAt) timer = timers.setTimeout(check, Math.min(changesAt - now + 1, LONGEST_WAIT_MS))
  }
  check()
  // A clock that jumps (either way) may cross it without a timer noticing: look again.
  const stopClock = clock.subscribe(check)
  return () => {
    stopClock()
    timers.clearTimeout(timer)
  }
}
