import { type FirebaseApp, getApps, initializeApp } from 'firebase/app'
import type { ClientConfig } from '../config/readClientConfig.js'

const APP_NAME = 'worldmap'

/**
 * The app's Firebase instance, created on first use. Import this module
 * with `import()` only: the Firebase SDK stays out of the first load.
 *
 * @example
 * ```ts
 * const { getFirebaseApp } = await import('./getFirebaseApp.js')
 * const app = getFirebaseApp(getClientConfig())
 * ```
 */
export function getFirebaseApp(config: ClientConfig): FirebaseApp {
  const existing = getApps().find((app) => app.name === APP_NAME)
  if (existing) return existing
  const { projectId, apiKey, authDomain, databaseURL } = config.firebase
  return initializeApp({ projectId, apiKey, databaseURL, ...(authDomain ? { authDomain } : {}) }, APP_NAME)
}
