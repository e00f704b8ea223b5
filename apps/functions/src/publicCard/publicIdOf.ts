import { createHmac } from 'node:crypto'

/** What {@link publicIdOf} returns: `p` and 24 hex digits (96 bits of the HMAC). */
export const PUBLIC_ID_PATTERN = /^p[0-9a-f]{24}$/

/**
 * A player's public id: what keys their public profile and leaderboard
 * entries instead of the wallet address. An HMAC of the uid under a server
 * secret, so the same account always gets the same id, and nobody without
 * the secret can tell which wallet an id belongs to.
 *
 * @example
 * ```ts
 * publicIdOf('0xAbC…', secret) // 'p3f9c1d0a7b2e4c6a8d0f1e2'
 * ```
 */
export function publicIdOf(uid: string, secret: string): string {
  return `p${createHmac('sha256', secret).update(`public-id|${uid}`).digest('hex').slice(0, 24)}`
}
