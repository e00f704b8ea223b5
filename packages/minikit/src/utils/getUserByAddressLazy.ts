import type { UserNameService } from '../types.js'
import type { UsernamesOptions } from './getUserByAddress.js'

/**
 * Look a wallet up in the usernames service (`POST /api/v1/query`).
 * Unknown wallets resolve with `username: null, profilePictureUrl: null`.
 *
 * The implementation is loaded on first use so that apps which never look
 * up a user (before sign-in) do not ship it in their first load.
 *
 * @example
 * ```ts
 * const { username, profilePictureUrl } = await getUserByAddress('0x…')
 * ```
 */
export function getUserByAddress(address?: string, options?: UsernamesOptions): Promise<UserNameService> {
  return import('./getUserByAddress.js').then((module) => module.getUserByAddress(address, options))
}
