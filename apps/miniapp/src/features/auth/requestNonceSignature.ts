/** `POST /api/sign-nonce`'s response, with when it was asked and answered on the phone's clock. */
export interface TimedNonceReply {
  response: Response
  /** `Date.now()` when the request left: with `receivedAt` it brackets the reply's `serverTime`. */
  sentAt: number
  receivedAt: number
}

/**
 * Ask our server to sign `nonce`, timing the round trip on the phone's clock,
 * so the game clock can learn the server's offset from the reply whenever the
 * reply is read: a nonce prefetched while the page hydrated is read by the
 * sign-in up to minutes later, and only the request's own times bracket its
 * `serverTime` (docs/data-model.md, time).
 *
 * @example
 * ```ts
 * const { response, sentAt, receivedAt } = await requestNonceSignature(fetch, '/api/sign-nonce', nonce)
 * ```
 */
export async function requestNonceSignature(
  fetch: typeof globalThis.fetch,
  signNonceUrl: string,
  nonce: string,
  deviceNow: () => number = Date.now,
): Promise<TimedNonceReply> {
  const sentAt = deviceNow()
  const response = await fetch(signNonceUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nonce }),
  })
  return { response, sentAt, receivedAt: deviceNow() }
}
