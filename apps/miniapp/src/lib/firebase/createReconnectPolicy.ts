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
  /**
   * The shortest time a connection attempt gets to complete its handshake
   * before its socket is replaced (`goOffline()` then `goOnline()`): a socket
   * the host accepted and never answers (a captive portal, a dying cell link)
   * never fails on its own before the SDK's 30 s health check.
   */
  handshakeDeadlineMs: number
  /** The longest such deadline, for a link whose handshakes were measured slow. */
  maxHandshakeDeadlineMs: number
  /**
   * The deadline is this many times the fastest of the last few connections
   * measured on this page (from the attempt's known start to
   * `.info/connected`), within the two bounds above: a link that took 2 s
   * to connect gets 4 s, never a deadline it cannot meet.
   */
  handshakeDeadlineFactor: number
}

/**
 * The defaults: nudges after 1 s, 2 s, 4 s, then every 8 s (±20 %); an attempt
 * not connected within 3 s (or twice this page's measured connect time, up
 * to 10 s) is replaced.
 */
export const RECONNECT_TIMING: ReconnectPolicyTiming = {
  minDelayMs: 1_000,
  maxDelayMs: 8_000,
  jitter: 0.2,
  handshakeDeadlineMs: 3_000,
  maxHandshakeDeadlineMs: 10_000,
  handshakeDeadlineFactor: 2,
}

/** How many connect times the deadline is taken from: the fastest of these says what the link can do. */
const MEASURED_CONNECTS = 3

/** A running policy. */
export interface ReconnectPolicy {
  /** Stop watching and cancel any pending nudge. */
  stop(): void
}

/**
 * Keep the Realtime Database connection coming back quickly, on top of the
 * SDK's own reconnects. Two things can keep a player waiting after the
 * network is back:
 *
 * - the SDK's backoff, which grows ×1.3 per failure up to 5 minutes: while
 *   `.info/connected` is false and the device is online, this nudges the
 *   SDK with `goOnline()` on its own capped backoff with jitter (1 s → 8 s),
 *   and at once when the page becomes visible again. A nudge resets the
 *   SDK's backoff and connects if the SDK is waiting; it leaves an attempt
 *   under way alone;
 * - a socket that hangs: the host accepted it and never answers (a captive
 *   portal, a dying cell link, a socket opened on the network that just
 *   went away). The SDK would wait 30 s for it. Each attempt gets a
 *   handshake deadline — 3 s, or twice the fastest of this page's last
 *   connect times when that is longer (a slow link is never cut off before
 *   it could connect), at most 10 s — and is then replaced (`goOffline()`
 *   then `goOnline()`). Before the page's first connection the link is
 *   unknown, so that attempt gets the longest deadline. When the device
 *   comes back online, a socket not yet connected was opened on the old
 *   network and is replaced at once.
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
  const deadline = createHandshakeDeadline(environment, timing, () => stopped || connected)

  const cancel = () => {
    if (timer !== null) environment.clearTimeout(timer)
    timer = null
    deadline.clear()
  }

  const nudge = () => {
    if (stopped || connected || !environment.isDeviceOnline()) return
    environment.goOnline()
  }

  const schedule = () => {
    if (timer !== null) environment.clearTimeout(timer)
    timer = null
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
      deadline.connected()
      cancel()
      delayMs = timing.minDelayMs
    } else {
      // The SDK reconnects on its own at once: that attempt gets its deadline from now.
      schedule()
      deadline.restart()
    }
  })
  const stopOnline = environment.onDeviceOnline(() => {
    if (stopped || connected) return
    // A socket opened while the network was gone will not complete on the new one: replace it now.
    delayMs = timing.minDelayMs
    deadline.replace()
    schedule()
  })
  const stopVisible = environment.onPageVisible(now)
  // Not connected yet: the first connection is the SDK's, the backoff and its deadline start in case it fails.
  schedule()
  deadline.arm()

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

/**
 * The handshake deadline of {@link createReconnectPolicy}: when the attempt
 * under way began (the page's start, a drop, a replacement), the page's last
 * few connect times, and the timer that replaces a socket which has not
 * connected in time. `idle()` is true once connected or stopped.
 */
function createHandshakeDeadline(environment: ReconnectPolicyEnvironment, timing: ReconnectPolicyTiming, idle: () => boolean) {
  let attemptSince = environment.now()
  let timer: unknown = null
  /** The last few connect times (attempt start → connected), newest last. */
  const connectTimes: number[] = []

  const deadlineMs = () => {
    if (connectTimes.length === 0) return timing.maxHandshakeDeadlineMs
    const measured = Math.min(...connectTimes) * timing.handshakeDeadlineFactor
    return Math.min(timing.maxHandshakeDeadlineMs, Math.max(timing.handshakeDeadlineMs, measured))
  }
  const clear = () => {
    if (timer !== null) environment.clearTimeout(timer)
    timer = null
  }
  const arm = () => {
    clear()
    if (idle()) return
    const remaining = Math.max(0, attemptSince + deadlineMs() - environment.now())
    timer = environment.setTimeout(() => {
      timer = null
      if (idle()) return
      // Offline, every attempt fails fast; the device's `online` event replaces the socket then.
      if (!environment.isDeviceOnline()) {
        attemptSince = environment.now()
        return arm()
      }
      replace()
    }, remaining)
  }
  /** Close whatever socket the SDK holds and connect again now. */
  const replace = () => {
    attemptSince = environment.now()
    environment.goOffline()
    environment.goOnline()
    arm()
  }
  return {
    arm,
    clear,
    replace,
    /** A new attempt (the SDK's own, after a drop): its deadline runs from now. */
    restart: () => {
      attemptSince = environment.now()
      arm()
    },
    /** Connected: the attempt's time is one more measure of the link. */
    connected: () => {
      clear()
      connectTimes.push(environment.now() - attemptSince)
      if (connectTimes.length > MEASURED_CONNECTS) connectTimes.shift()
    },
  }
}
