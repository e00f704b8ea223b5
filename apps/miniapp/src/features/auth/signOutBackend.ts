import type { ClientConfig } from '../../lib/config/readClientConfig.js'

/**
 * Sign the Firebase session out. Loads Firebase Auth on demand, like login.
 *
 * @example
 * ```ts
 * await signOutBackend(getClientConfig())
 * ```
 */
export async function signOutBackend(config: ClientConfig): Promise<void> {
  const [{ signOut }, { getFirebaseAuth }] = await Promise.all([
    import('firebase/auth'),
    import('../../lib/firebase/getFirebaseAuth.js'),
  ])
  await signOut(getFirebaseAuth(config))
}
