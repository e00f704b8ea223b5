/**
 * What the reconnect policy needs from the outside world, injected so the
 * policy is plain code, testable with fake timers (no SDK, no window).
 */
export interface ReconnectPolicyEnvironment {
  /**
   * The soft nudge: the SDK's `goOnline(database)`. It resets the SDK's own
   * backoff to its minimum and connects at once when the SDK is waiting out a
   * backoff; a connection attempt already under way is left alone.
   */
  goOnline(): void
  /** The hard nudge's first half: the SDK's `goOffline(database)` (closes whatever socket the SDK holds). */
  goOffline(): void
  /** Subscribe to the database's `.info/connected`; returns the unsubscribe function. */
  watchConnected(onChange: (connected: boolean) => void): () => void
  /** The device's own view: `navigator.onLine`. */
  isDeviceOnline(): boolean
  /** Call `listener` when the device comes back online (the window's `online` event); returns the unsubscribe function. */
  onDeviceOnline(listener: () => void): () => void
  /** Call `listener` when the page becomes visible again; returns the unsubscribe function. */
  onPageVisible(listener: () => void): () => void
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  now(): number
  /** A number in [0, 1) for the jitter. */
  random(): number
}

/** The policy's timing, ms. */
export interface ReconnectPolicyTiming {
  /** The first nudge after the connection went down. */
  minDelayMs: number
  /** The cap of the doubling delay between nudges. */
  maxDelayMs: number
  /** ± this fraction of each delay, so a fleet of phones does not reconnect in step after an outage. */
  jitter: number
  /** Down this long without a connection: the next nudge also closes the SDK's socket (it may be stuck connecting). */
  stuckAfterMs: number
}

/** The defaults: 1 s, 2 s, 4 s, then every 8 s (±20 %); a socket stuck for 20 s is replaced. */
export const RECONNECT_TIMING: ReconnectPolicyTiming = { minDelayMs: 1_000, maxDelayMs: 8_000, jitter: 0.2, stuckAfterMs: 20_000 }

/** A running policy. */
export interface ReconnectPolicy {
  /** Stop watching and cancel any pending nudge. */
  stop(): void
}

/**
 * Keep the Realtime Database connection coming back quickly, on top of the
 * SDK's own reconnects. The SDK retries with a backoff that grows ×1.3 per
 * failure up to 5 minutes, so after a long outage (a tunnel, a server restart
 * that took a while) the player could wait minutes after the network is back.
 * While `.info/connected` is false and the device is online, this nudges the
 * SDK on its own capped backoff with jitter (1 s → 8 s), and at once when the
 * device comes back online or the page becomes visible again. A nudge is
 * `goOnline()`: it only shortens the SDK's wait and never interrupts an
 * attempt under way (a slow network's handshake can take seconds). Only when
 * the connection has been down for `stuckAfterMs` does a nudge close the
 * SDK's socket first (`goOffline()` then `goOnline()`), for a socket that
 * hangs in CONNECTING and never fails on its own; it then waits that long
 * again before the next hard nudge.
 *
 * @example
 * ```ts
 * const policy = createReconnectPolicy({
 *   goOnline: () => goOnline(database),
 *   goOffline: () => goOffline(database),
 *   watchConnected: (onChange) => onValue(ref(database, '.info/connected'), (s) => onChange(s.val() === true)),
 *   isDeviceOnline: () => navigator.onLine,
 *   onDeviceOnline: (listener) => { window.addEventListener('online', listener); return () => window.removeEventListener('online', listener) },
 *   onPageVisible: (listener) => { … },
 *   setTimeout: (callback, ms) => window.setTimeout(callback, ms),
 *   clearTimeout: (handle) => window.clearTimeout(handle as number),
 *   now: Date.now,
 *   random: Math.random,
 * })
 * ```
 */
export function createReconnectPolicy(
  environment: ReconnectPolicyEnvironment,
  timing: ReconnectPolicyTiming = RECONNECT_TIMING,
): ReconnectPolicy {
  let connected = false
  let stopped = false
  let timer: unknown = null
  let delayMs = timing.minDelayMs
  /** Since when the connection has been down with the device online (or since the last hard nudge). */
  let downSince = environment.now()

  const cancel = () => {
    if (timer !== null) environment.clearTimeout(timer)
    timer = null
  }

  const nudge = () => {
    if (stopped || connected || !environment.isDeviceOnline()) return
    if (environment.now() - downSince >= timing.stuckAfterMs) {
      downSince = environment.now()
      environment.goOffline()
    }
    environment.goOnline()
  }

  const schedule = () => {
    cancel()
    if (stopped || connected) return
    const spread = 1 + timing.jitter * (environment.random() * 2 - 1)
    timer = environment.setTimeout(
      () => {
        timer = null
        nudge()
        delayMs = Math.min(timing.maxDelayMs, delayMs * 2)
        schedule()
      },
      Math.round(delayMs * spread),
    )
  }

  /** The device is back or the player looks again: nudge now and start the backoff over. */
  const now = () => {
    if (connected) return
    delayMs = timing.minDelayMs
    nudge()
    schedule()
  }

  const stopWatching = environment.watchConnected((value) => {
    if (value === connected) return
    connected = value
    if (connected) {
      cancel()
      delayMs = timing.minDelayMs
    } else {
      downSince = environment.now()
      schedule()
    }
  })
  const stopOnline = environment.onDeviceOnline(() => {
    // Time offline is not time stuck: the SDK's socket gets its full chance again.
    downSince = environment.now()
    now()
  })
  const stopVisible = environment.onPageVisible(now)
  // Not connected yet: the first connection is the SDK's, the backoff starts in case it fails.
  if (!connected) schedule()

  return {
    stop: () => {
      stopped = true
      cancel()
      stopWatching()
      stopOnline()
      stopVisible()
    },
  }
}
