import { type Auth, connectAuthEmulator, initializeAuth, inMemoryPersistence } from 'firebase/auth'
import type { ClientConfig } from '../config/readClientConfig.js'
import { getFirebaseApp } from './getFirebaseApp.js'

let auth: Auth | undefined

/**
 * Firebase Auth for the app, connected to the Auth emulator in local mode.
 * In-memory persistence: World App signs in afresh on every launch (spec §4,
 * auto-login on install), so nothing needs to survive a reload, and the
 * IndexedDB layer stays out of the bundle.
 *
 * @example
 * ```ts
 * const { getFirebaseAuth } = await import('./getFirebaseAuth.js')
 * await signInWithCustomToken(getFirebaseAuth(config), customToken)
 * ```
 */
export function getFirebaseAuth(config: ClientConfig): Auth {
  if (auth) return auth
  auth = initializeAuth(getFirebaseApp(config), { persistence: inMemoryPersistence })
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true })
  return auth
}
