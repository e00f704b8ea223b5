import * as z from 'zod/mini'
import { state } from '../state.js'
import type { UserNameService } from '../types.js'
import type { UsernamesOptions } from './getUserByAddress.js'
import { requestUsernames } from './requestUsernames.js'

const reply = z.object({
  address: z.string(),
  username: z.string(),
  profile_picture_url: z.optional(z.nullable(z.string())),
})

/**
 * Resolve a World App username (`GET /api/v1/{username}`).
 * Rejects when the service answers with an error status (e.g. 404).
 *
 * @example
 * ```ts
 * const { walletAddress } = await getUserByUsername('alice')
 * ```
 */
export async function getUserByUsername(username: string, options: UsernamesOptions = {}): Promise<UserNameService> {
  const data = await requestUsernames(
    options.fetch ?? fetch,
    `${options.baseUrl ?? state.config.usernamesUrl}/api/v1/${encodeURIComponent(username)}`,
    { headers: { 'Content-Type': 'application/json' } },
    reply,
  )
  return { walletAddress: data.address, username: data.username, profilePictureUrl: data.profile_picture_url ?? null }
}
