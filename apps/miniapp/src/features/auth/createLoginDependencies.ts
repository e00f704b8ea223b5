import { walletAuth } from '@worldmap/minikit'
import { miniKitState } from '@worldmap/minikit/internal'
import type { ClientConfig } from '../../lib/config/readClientConfig.js'
import type { LoginDependencies } from './login.js'

/**
 * The real dependencies of `login()`: the page's fetch, the SDK's
 * `walletAuth` and its user (`MiniKit.user`, looked up on the usernames
 * service the SDK was installed with), and Firebase Auth. Firebase loads here, on the first login,
 * so it is not part of the page's first load.
 *
 * @example
 * ```ts
 * const result = await login(createLoginDependencies(getClientConfig()))
 * ```
 */
export function createLoginDependencies(config: ClientConfig): LoginDependencies {
  return {
    fetch: (input, init) => fetch(input, init),
    walletAuth: (input) => walletAuth(input),
    // The state MiniKit.user reads: importing the facade for it would put every command in the first load (+10 KiB).
    walletUser: () => miniKitState.user,
    async signInWithCustomToken(customToken) {
      const [{ signInWithCustomToken }, { getFirebaseAuth }] = await Promise.all([
        import('firebase/auth'),
        import('../../lib/firebase/getFirebaseAuth.js'),
      ])
      const { user } = await signInWithCustomToken(getFirebaseAuth(config), customToken)
      return user
    },
    signNonceUrl: config.signNonceUrl,
    customTokenUrl: config.customTokenUrl,
  }
}
