import * as z from 'zod/mini'
import type { AuthUser } from './createAuthStore.js'

/** Where the cached user lives in `localStorage`; the version lets a future shape replace it cleanly. */
export const USER_CACHE_KEY = 'worldmap:user:v2'
/**
 * The record before the generated name (issue 31): not read, so a player
 * remembered by it signs in once more and gets their one name everywhere.
 */
const LEGACY_USER_CACHE_KEY = 'worldmap:user:v1'

const cachedUserSchema = z.object({
  uid: z.string().check(z.minLength(1)),
  walletAddress: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  username: z.nullable(z.string()),
  profilePictureUrl: z.nullable(z.string()),
  generatedName: z.nullable(z.string()),
})

/**
 * The signed-in user remembered between launches, next to Firebase's own
 * persisted session: the wallet and what the usernames service said about
 * it. Holds no token — Firebase keeps (and refreshes) those.
 */
export interface UserCache {
  /** The remembered user; `null` when there is none or it is unreadable. */
  read(): AuthUser | null
  write(user: AuthUser): void
  clear(): void
}

// localStorage can be missing (server render) or throw on access (storage
// disabled, some private modes): both simply mean "nothing remembered".
const browserStorage = (): Storage | undefined => {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    return undefined
  }
}

/**
 * A {@link UserCache} on `localStorage` (or the given storage). Every access
 * is guarded: a full or disabled storage only means the next launch signs in
 * with the wallet again. What it reads is checked, never trusted.
 *
 * @example
 * ```ts
 * const cache = createUserCache()
 * cache.write(user)
 * cache.read()?.walletAddress // '0x5290…'
 * cache.clear()
 * ```
 */
export function createUserCache(getStorage: () => Storage | undefined = browserStorage): UserCache {
  return {
    read() {
      try {
        const raw = getStorage()?.getItem(USER_CACHE_KEY)
        if (!raw) return null
        const parsed = cachedUserSchema.safeParse(JSON.parse(raw))
        return parsed.success ? parsed.data : null
      } catch {
        return null
      }
    },
    write(user) {
      try {
        const { uid, walletAddress, username, profilePictureUrl, generatedName = null } = user
        const storage = getStorage()
        storage?.setItem(USER_CACHE_KEY, JSON.stringify({ uid, walletAddress, username, profilePictureUrl, generatedName }))
        // The name-less record of before, never read again.
        storage?.removeItem(LEGACY_USER_CACHE_KEY)
      } catch {
        // Quota or disabled storage: nothing to remember this time.
      }
    },
    clear() {
      try {
        getStorage()?.removeItem(USER_CACHE_KEY)
        getStorage()?.removeItem(LEGACY_USER_CACHE_KEY)
      } catch {
        // Disabled storage holds nothing to clear.
      }
    },
  }
}
