import { shortenAddress } from './shortenAddress.js'

/**
 * The name to show for a wallet: its World App username when it has one,
 * never the raw address in that case; otherwise the shortened address.
 *
 * @example
 * ```ts
 * getDisplayName({ username: 'alice', walletAddress: '0x…' }) // 'alice'
 * ```
 */
export function getDisplayName(user: { username: string | null; walletAddress: string }): string {
  return user.username?.trim() ? user.username : shortenAddress(user.walletAddress)
}
