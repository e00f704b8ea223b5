import { createNonce } from '@worldmap/game/contract'
import { requestNonceSignature, type TimedNonceReply } from './requestNonceSignature.js'

/** A nonce already sent to our server for signing, and the reply on its way. */
export interface PrefetchedNonce {
  nonce: string
  /** `POST /api/sign-nonce`'s response and its round trip's times; `login()` checks it as if it had asked itself. */
  reply: Promise<TimedNonceReply>
}

/**
 * How long a prefetched nonce is used: well inside the server's 10 minutes,
 * so the wallet step and the custom token still fit. Measured on the page's
 * monotonic clock, which a wrong phone clock does not move.
 */
const MAX_AGE_MS = 2 * 60_000

/** This page's prefetch: none yet, sent (and when), or spent (taken, or too old when asked for). */
let prefetched: (PrefetchedNonce & { at: number }) | 'spent' | undefined

/**
 * Start the sign-in's first round trip while the page hydrates: a fresh
 * nonce sent to `POST /api/sign-nonce`, kept for the first wallet sign-in
 * ({@link takePrefetchedNonce}). On a first launch the nonce's signature is
 * then there by the time the host is installed, instead of a round trip
 * after it (docs/first-launch.md). Only inside World App (the host has put
 * `window.WorldApp` on the page before its scripts), where the app signs in
 * on its own; elsewhere nothing is sent. At most one per page load.
 *
 * @param signNonceUrl  the client config's `signNonceUrl`
 * @example
 * ```ts
 * if (!cache.read()) prefetchSignedNonce(getClientConfig().signNonceUrl)
 * ```
 */
export function prefetchSignedNonce(
  signNonceUrl: string,
  { target = globalThis, now = () => performance.now() }: { target?: typeof globalThis; now?: () => number } = {},
): void {
  if (prefetched || !(target as { WorldApp?: unknown }).WorldApp) return
  const nonce = createNonce()
  const reply = requestNonceSignature(target.fetch.bind(target), signNonceUrl, nonce)
  // Whoever takes it sees a failure; an untaken one must not be an unhandled rejection.
  reply.catch(() => {})
  prefetched = { nonce, reply, at: now() }
}

/**
 * The nonce {@link prefetchSignedNonce} sent, once, if it is recent enough
 * to finish a sign-in with; `undefined` otherwise (the sign-in asks itself).
 *
 * @example
 * ```ts
 * const signedNonce = takePrefetchedNonce()
 * ```
 */
export function takePrefetchedNonce(now: () => number = () => performance.now()): PrefetchedNonce | undefined {
  const taken = prefetched
  if (taken === undefined || taken === 'spent') return undefined
  // Spent either way: a nonce is signed for one sign-in.
  prefetched = 'spent'
  if (now() - taken.at > MAX_AGE_MS) return undefined
  return { nonce: taken.nonce, reply: taken.reply }
}

/** Forget this page's prefetch (tests: each starts as a fresh page load). */
export function resetPrefetchedNonce(): void {
  prefetched = undefined
}
