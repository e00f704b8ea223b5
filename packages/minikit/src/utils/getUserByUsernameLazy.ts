import type { UserNameService } from '../types.js'
import type { UsernamesOptions } from './getUserByAddress.js'

/**
 * Resolve a World App username (`GET /api/v1/{username}`).
 * Rejects when the service answers with an error status (e.g. 404).
 *
 * The implementation (and its response schema) is loaded on first use, so
 * apps that never look a name up do not ship it in their first load.
 *
 * @example
 * ```ts
 * const { walletAddress } = await getUserByUsername('alice')
 * ```
 */
export function getUserByUsername(username: string, options?: UsernamesOptions): Promise<UserNameService> {
  return import('./getUserByUsername.js').then((module) => module.getUserByUsername(username, options))
}
