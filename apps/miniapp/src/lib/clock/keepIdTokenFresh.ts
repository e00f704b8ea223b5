import type { ServerClock } from './createServerClock.js'

/** The signed-in user's ID token as {@link keepIdTokenFresh} sees it. */
export interface WatchedIdToken {
  /** When the token expires, server time, ms (its `exp` claim). */
  expiresAt: number
  /** Get a new token from the server (`user.getIdToken(true)`). */
  refresh(): Promise<unknown>
}

/** What {@link keepIdTokenFresh} needs; injected so it runs without Firebase in tests. */
export interface KeepIdTokenFreshOptions {
  /** Call the listener with each new token, or `null` when signed out; returns the unsubscribe. */
  watchToken(listener: (token: WatchedIdToken | null) => void): () => void
  /** The game clock: server time. */
  clock: ServerClock
  /** How long before its expiry a token is replaced, ms. @default 300_000 (the Firebase SDK's own margin) */
  marginMs?: number
  setTimeout?: (callback: () => void, ms: number) => unknown
  clearTimeout?: (handle: unknown) => void
}

/**
 * Refresh the ID token five minutes before it expires by the server's clock.
 * The Firebase Auth SDK times its refresh on the phone's clock, against an
 * expiry it wrote down on the phone's clock when the token arrived: right as
 * long as that clock stands still, but a phone whose clock was set back since
 * (a day, by hand) keeps sending a token the server has expired for that
 * long. The database recovers by itself (it asks for a new token when told
 * the old one expired); callables do not, so collects and spawns would fail
 * as "not signed in". Returns the stop function.
 *
 * @example
 * ```ts
 * keepIdTokenFresh({ clock: gameClock, watchToken: (listener) => onIdTokenChanged(auth, …) })
 * ```
 */
export function keepIdTokenFresh(options: KeepIdTokenFreshOptions): () => void {
  const { clock, marginMs = 5 * 60 * 1000 } = options
  const schedule = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms))
  const cancel = options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  let current: WatchedIdToken | null = null
  let timer: unknown
  // One refresh per token: a server whose tokens are born expired by our clock must not be asked in a loop.
  let refreshed: WatchedIdToken | null = null

  const plan = () => {
    cancel(timer)
    const token = current
    // Before the server's time is known, the phone's clock would be judging the server's expiry: the SDK's own timer rules.
    if (!token || refreshed === token || !Number.isFinite(token.expiresAt) || clock.source() === null) return
    const refresh = () => {
      refreshed = token
      // A failed refresh (offline) is the SDK's to retry: its next getIdToken asks again.
      token.refresh().catch(() => {})
    }
    const wait = token.expiresAt - marginMs - clock.now()
    if (wait <= 0) refresh()
    else timer = schedule(refresh, wait)
  }

  const stopToken = options.watchToken((token) => {
    current = token
    plan()
  })
  const stopClock = clock.subscribe(plan)
  return () => {
    cancel(timer)
    stopToken()
    stopClock()
  }
}
