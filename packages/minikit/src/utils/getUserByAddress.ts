import * as z from 'zod/mini'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { state } from '../state.js'
import type { UserNameService } from '../types.js'
import { requestUsernames } from './requestUsernames.js'

// Built once at module level: a schema per call was most of a lookup's cost.
const profiles = z.array(
  z.object({
    username: z.optional(z.nullable(z.string())),
    profile_picture_url: z.optional(z.nullable(z.string())),
  }),
)

/** Options of the usernames lookups. */
export interface UsernamesOptions {
  /** Usernames service base URL; the one given to `install()` (World's by default). */
  baseUrl?: string
  fetch?: typeof fetch
}

/**
 * Look a wallet up in the usernames service (`POST /api/v1/query`).
 * Unknown wallets resolve with `username: null, profilePictureUrl: null`.
 *
 * @example
 * ```ts
 * const { username, profilePictureUrl } = await getUserByAddress('0x…')
 * ```
 */
export async function getUserByAddress(address?: string, options: UsernamesOptions = {}): Promise<UserNameService> {
  const walletAddress = address ?? state.user.walletAddress
  if (!walletAddress) throw new InvalidPayloadError('getUserByAddress needs an address (none given and no wallet signed in)')
  const [first] = await requestUsernames(
    options.fetch ?? fetch,
    `${options.baseUrl ?? state.config.usernamesUrl}/api/v1/query`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ addresses: [walletAddress] }) },
    profiles,
  )
  return {
    walletAddress,
    username: first?.username ?? null,
    profilePictureUrl: first?.profile_picture_url ?? null,
  }
}
