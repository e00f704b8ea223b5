import { type Auth, browserLocalPersistence, connectAuthEmulator, initializeAuth, onIdTokenChanged } from 'firebase/auth'
import { gameClock } from '../clock/gameClock.js'
import { keepIdTokenFresh } from '../clock/keepIdTokenFresh.js'
import type { ClientConfig } from '../config/readClientConfig.js'
import { getFirebaseApp } from './getFirebaseApp.js'

let auth: Auth | undefined

/**
 * Firebase Auth for the app, connected to the Auth emulator in local mode.
 * The session persists in `localStorage`, so a returning player is signed in
 * without asking the wallet again while the backend still accepts the
 * session (see `restoreSession`); where storage is unavailable Firebase falls
 * back to memory. `localStorage` rather than IndexedDB: it is enough for one
 * user and keeps the IndexedDB layer out of the bundle. This module is only
 * ever loaded with `import()`, so none of it is in the first load. The ID
 * token is also refreshed by the server's clock (`keepIdTokenFresh`): the
 * SDK's timer reads the phone's, which may have been set back since.
 *
 * @example
 * ```ts
 * const { getFirebaseAuth } = await import('./getFirebaseAuth.js')
 * await signInWithCustomToken(getFirebaseAuth(config), customToken)
 * ```
 */
export function getFirebaseAuth(config: ClientConfig): Auth {
  if (auth) return auth
  auth = initializeAuth(getFirebaseApp(config), { persistence: browserLocalPersistence })
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true })
  const signedIn = auth
  keepIdTokenFresh({
    clock: gameClock,
    watchToken: (listener) =>
      onIdTokenChanged(signedIn, (user) => {
        if (!user) return listener(null)
        // The cached token's claims: no network unless the SDK thinks it expired.
        user.getIdTokenResult().then(
          (result) => listener({ expiresAt: Date.parse(result.expirationTime), refresh: () => user.getIdToken(true) }),
          () => listener(null),
        )
      }),
  })
  return auth
}
