import * as z from 'zod/mini'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { acceptorOf } from '../schemas/acceptor.js'
import { state } from '../state.js'
import type { UserNameService } from '../types.js'
import { requestUsernames } from './requestUsernames.js'

// Built once at module level: a schema per call was most of a lookup's cost.
const profileShape = {
  username: z.optional(z.nullable(z.string())),
  profile_picture_url: z.optional(z.nullable(z.string())),
}
const profileList = z.array(z.object(profileShape))
const acceptProfile = acceptorOf(profileShape, false)
type Profile = z.output<typeof profileList>[number]

// The usual answer (one well-formed profile, or none) skips zod's parse;
// anything else goes through the schema.
const profiles = {
  safeParse(data: unknown) {
    if (Array.isArray(data) && data.length <= 1) {
      const first = data.length ? acceptProfile?.(data[0]) : undefined
      if (!data.length || first) return { success: true as const, data: (first ? [first] : []) as Profile[] }
    }
    return profileList.safeParse(data)
  },
}

// Shared by every lookup: fetch only reads the init it is given.
const JSON_HEADERS = { 'Content-Type': 'application/json' }

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
  const found = await requestUsernames(
    options.fetch ?? fetch,
    `${options.baseUrl ?? state.config.usernamesUrl}/api/v1/query`,
    { method: 'POST', headers: JSON_HEADERS, body: `{"addresses":[${JSON.stringify(walletAddress)}]}` },
    profiles,
  )
  // Indexed, not destructured: array destructuring runs the iterator protocol.
  const first = found[0]
  return {
    walletAddress,
    username: first?.username ?? null,
    profilePictureUrl: first?.profile_picture_url ?? null,
  }
}
