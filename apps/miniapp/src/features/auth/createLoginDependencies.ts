import { walletAuth } from '@worldmap/minikit'
import { miniKitState } from '@worldmap/minikit/internal'
import type { ClientConfig } from '../../lib/config/readClientConfig.js'
import { loadFirebaseAuth } from './loadFirebaseAuth.js'
import type { LoginDependencies } from './login.js'
import { takePrefetchedNonce } from './prefetchSignedNonce.js'

/**
 * The real dependencies of `login()`: the page's fetch, the SDK's
 * `walletAuth` and its user (`MiniKit.user`, looked up on the usernames
 * service the SDK was installed with), and Firebase Auth. Firebase loads here, on the first login,
 * so it is not part of the page's first load: its download starts when the
 * dependencies are made, at the start of the sign-in at the latest (on a
 * first launch AuthProvider has started it while the page hydrated), and
 * runs beside the nonce, the wallet and the custom token, which leave the
 * link idle, instead of after them (docs/first-launch.md).
 *
 * @example
 * ```ts
 * const result = await login(createLoginDependencies(getClientConfig()))
 * ```
 */
export function createLoginDependencies(config: ClientConfig): LoginDependencies {
  const firebaseAuth = loadFirebaseAuth()
  // A failed download is reported by the sign-in step that needs it, not as an unhandled rejection here.
  firebaseAuth.catch(() => {})
  return {
    fetch: (input, init) => fetch(input, init),
    walletAuth: (input) => walletAuth(input),
    // The state MiniKit.user reads: importing the facade for it would put every command in the first load (+10 KiB).
    walletUser: () => miniKitState.user,
    async signInWithCustomToken(customToken) {
      const [{ signInWithCustomToken }, { getFirebaseAuth }] = await firebaseAuth
      const { user } = await signInWithCustomToken(getFirebaseAuth(config), customToken)
      return user
    },
    signNonceUrl: config.signNonceUrl,
    customTokenUrl: config.customTokenUrl,
    // The first sign-in of a first launch: the nonce AuthProvider sent while the page hydrated.
    ...withPrefetchedNonce(),
  }
}

function withPrefetchedNonce(): Pick<LoginDependencies, 'prefetchedNonce'> {
  const prefetchedNonce = takePrefetchedNonce()
  return prefetchedNonce ? { prefetchedNonce } : {}
}
