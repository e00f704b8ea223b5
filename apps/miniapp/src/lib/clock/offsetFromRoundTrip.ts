/**
 * The server's clock minus the device's, from one request: the server read
 * `serverTime` somewhere between `sentAt` and `receivedAt` (device clock),
 * and the middle of the round trip is the best guess of when (NTP's). The
 * error is at most half the round trip.
 *
 * @example
 * ```ts
 * const sentAt = Date.now()
 * const { serverTime } = await (await fetch('/api/sign-nonce', init)).json()
 * clock.adopt(offsetFromRoundTrip(serverTime, sentAt, Date.now()), 'sign-nonce')
 * ```
 */
export function offsetFromRoundTrip(serverTime: number, sentAt: number, receivedAt: number): number {
  return serverTime - (sentAt + Math.max(sentAt, receivedAt)) / 2
}
