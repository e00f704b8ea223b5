import { getUserByAddress } from '@worldmap/minikit'
import type { ClientConfig } from '../../lib/config/readClientConfig.js'
import { createUserCache } from './createUserCache.js'
import type { SessionDependencies } from './restoreSession.js'
import { signOutBackend } from './signOutBackend.js'

/**
 * The real dependencies of `restoreSession()`: the `localStorage` user
 * cache, Firebase Auth's persisted session (loaded on demand: only a player
 * with a remembered user pays for it before signing in), Firebase sign-out
 * and the configured usernames service.
 *
 * @example
 * ```ts
 * const result = await restoreSession(createSessionDependencies(getClientConfig()), readHostWalletAddress())
 * ```
 */
export function createSessionDependencies(config: ClientConfig): SessionDependencies {
  return {
    cache: createUserCache(),
    async restoreBackendUser() {
      const { getFirebaseAuth } = await import('../../lib/firebase/getFirebaseAuth.js')
      const auth = getFirebaseAuth(config)
      // Resolves once Firebase has read its storage and checked the user with the backend
      // (a refused session comes back as no user).
      await auth.authStateReady()
      return auth.currentUser
    },
    signOutBackend: () => signOutBackend(config),
    getUserByAddress: (address) => getUserByAddress(address, { baseUrl: config.usernamesUrl }),
  }
}
