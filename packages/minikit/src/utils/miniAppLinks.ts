import * as z from 'zod/mini'
import { parseInput } from '../commandPipeline/parseInput.js'

const WORLD_MINI_APP_URL = 'https://world.org/mini-app'

const appIdInput = z.string("'appId' must be your app id (app_…)").check(z.minLength(1, "'appId' must not be empty"))
const profileInput = z
  .object({ username: z.optional(z.string()), walletAddress: z.optional(z.string()) })
  .check(
    z.refine(
      (value) => Boolean(value.username || value.walletAddress),
      'Either username or walletAddress must be provided to show profile card',
    ),
  )

/**
 * The link that opens a mini app (optionally at `path`) in World App, as
 * the official toolkit builds it: `https://world.org/mini-app?app_id=…&path=…`.
 *
 * @throws InvalidPayloadError when `appId` is empty
 * @example
 * ```ts
 * getMiniAppUrl('app_123', '/map?spot=mill') // share it in a chat
 * ```
 */
export function getMiniAppUrl(appId: string, path?: string): string {
  const url = new URL(WORLD_MINI_APP_URL)
  url.searchParams.append('app_id', parseInput(appIdInput, appId, 'getMiniAppUrl'))
  // Encoded once more on purpose: World App decodes `path` itself, and the
  // official toolkit's links (which teams already share) look like this.
  if (path) url.searchParams.append('path', encodeURIComponent(path.startsWith('/') ? path : `/${path}`))
  return url.toString()
}

/**
 * Open a World App user's profile card, by username (preferred) or wallet address.
 *
 * @throws InvalidPayloadError when neither is given
 * @example
 * ```ts
 * showProfileCard('alice')
 * showProfileCard(undefined, player.address)
 * ```
 */
export function showProfileCard(username?: string, walletAddress?: string): void {
  parseInput(profileInput, { username, walletAddress }, 'showProfileCard')
  window.open(
    username
      ? `worldapp://profile?username=${encodeURIComponent(username)}`
      : `worldapp://profile?address=${encodeURIComponent(walletAddress ?? '')}`,
  )
}
