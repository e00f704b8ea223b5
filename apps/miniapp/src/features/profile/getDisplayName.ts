import { shortenAddress } from './shortenAddress.js'

// What screens other than the profile call a user without a username.
const NEUTRAL_DISPLAY_NAME = 'Explorer'

const hasUsername = (username: string | null): username is string => Boolean(username?.trim())

/**
 * The name the profile shows for a wallet: its World App username when it
 * has one, never the raw address in that case; otherwise the shortened
 * address (the profile is the one place an address may appear, shortened).
 * Everywhere else, use {@link getGreetingName}.
 *
 * @example
 * ```ts
 * getDisplayName({ username: 'alice', walletAddress: '0x…' }) // 'alice'
 * getDisplayName({ username: null, walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' }) // '0x5290…9EE7'
 * ```
 */
export function getDisplayName(user: { username: string | null; walletAddress: string }): string {
  return hasUsername(user.username) ? user.username : shortenAddress(user.walletAddress)
}

/**
 * The name to greet a user by outside the profile (home): the World App
 * username when there is one, otherwise the neutral "Explorer" — never
 * any form of the wallet address, so it takes no address at all.
 *
 * @example
 * ```ts
 * getGreetingName({ username: 'alice' }) // 'alice'
 * getGreetingName({ username: null }) // 'Explorer'
 * ```
 */
export function getGreetingName(user: { username: string | null }): string {
  return hasUsername(user.username) ? user.username : NEUTRAL_DISPLAY_NAME
}
