import * as z from 'zod'
import { UsernamesUnavailableError } from './errors/UsernamesUnavailableError.js'

/** What World's usernames service says of one wallet (either may be missing). */
export interface WorldUsername {
  username: string | null
  profilePictureUrl: string | null
}

/** Options of {@link lookUpWorldUsername}. */
export interface LookUpWorldUsernameOptions {
  /** Base URL of the service (`POST {base}/api/v1/query`). */
  baseUrl: string
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch
  /** @default 5_000 */
  timeoutMs?: number
}

// The service's reply: one row per known address; unknown ones are absent.
const replySchema = z.array(
  z.object({
    address: z.string(),
    username: z.string().nullish(),
    profile_picture_url: z.string().nullish(),
  }),
)

/**
 * Ask World's usernames service for `address`'s username and profile
 * picture, as the server, for the caller's own wallet (the uid): what a
 * client says about its name is never used. An address the service does not
 * know resolves `{ username: null, profilePictureUrl: null }`. The reply is
 * raw: callers pass it through `publicCardOf` before storing or showing it.
 *
 * @throws {UsernamesUnavailableError} the service failed or replied with something else.
 * @example
 * ```ts
 * const { username } = await lookUpWorldUsername(uid, { baseUrl: 'https://usernames.worldcoin.org' })
 * ```
 */
export async function lookUpWorldUsername(address: string, options: LookUpWorldUsernameOptions): Promise<WorldUsername> {
  const doFetch = options.fetch ?? globalThis.fetch
  let body: unknown
  try {
    const response = await doFetch(`${options.baseUrl.replace(/\/+$/, '')}/api/v1/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ addresses: [address] }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    })
    if (response.status !== 200) throw new UsernamesUnavailableError({ details: `status ${response.status}` })
    body = await response.json()
  } catch (cause) {
    if (cause instanceof UsernamesUnavailableError) throw cause
    throw new UsernamesUnavailableError({ cause, details: 'request failed or reply was not JSON' })
  }
  const parsed = replySchema.safeParse(body)
  if (!parsed.success) throw new UsernamesUnavailableError({ details: 'unexpected reply' })
  const row = parsed.data.find((entry) => entry.address.toLowerCase() === address.toLowerCase())
  return { username: row?.username ?? null, profilePictureUrl: row?.profile_picture_url ?? null }
}
