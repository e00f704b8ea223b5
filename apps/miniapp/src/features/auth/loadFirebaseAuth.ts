let loading: Promise<FirebaseAuthCode> | undefined

/** Firebase Auth's code: the SDK and the app's instance of it. */
export type FirebaseAuthCode = [typeof import('firebase/auth'), typeof import('../../lib/firebase/getFirebaseAuth.js')]

/**
 * Load Firebase Auth's code (about 44 KiB, out of the first load), once per
 * page: the wallet sign-in needs it only at its last step, so on a first
 * launch `AuthProvider` starts it while the page hydrates and it arrives
 * while the nonce, the wallet and the custom token take their round trips,
 * ahead of the home's own downloads (docs/first-launch.md). A failed
 * download (offline) is tried again on the next call.
 *
 * @example
 * ```ts
 * const [{ signInWithCustomToken }, { getFirebaseAuth }] = await loadFirebaseAuth()
 * ```
 */
export function loadFirebaseAuth(): Promise<FirebaseAuthCode> {
  loading ??= Promise.all([import('firebase/auth'), import('../../lib/firebase/getFirebaseAuth.js')]).catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
