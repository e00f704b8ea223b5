import type { AuthUser } from './createAuthStore.js'
import type { UserCache } from './createUserCache.js'

/** What {@link restoreSession} needs; injected so each outcome is testable. */
export interface SessionDependencies {
  /** The remembered user (see `createUserCache`). */
  cache: UserCache
  /**
   * The backend user Firebase restored from its own persistence, once
   * Firebase has checked the session with the backend; `null` when there is
   * none or the backend refused it. Loads Firebase Auth.
   */
  restoreBackendUser(): Promise<{ uid: string; getIdToken(): Promise<string> } | null>
  /** End the backend session (Firebase `signOut`), so another wallet's session does not linger. */
  signOutBackend(): Promise<void>
  /** The usernames service lookup, to refresh the remembered name and picture. */
  getUserByAddress(address: string): Promise<{ username?: string | null; profilePictureUrl?: string | null }>
}

/** How a restore ended; anything but `restored` means "sign in with the wallet". */
export type RestoreResult =
  | { status: 'restored'; user: AuthUser; idToken: string }
  /** Nothing remembered (first launch, or signed out): Firebase is not even loaded. */
  | { status: 'none' }
  /** Remembered, but the backend session is gone, refused, or for another uid. */
  | { status: 'expired' }
  /** The host says another wallet is signed in to World App now. */
  | { status: 'other_wallet' }

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

// Offline is not a verdict on the session: keep it for the next launch.
const isNetworkFailure = (error: unknown) => (error as { code?: unknown } | null)?.code === 'auth/network-request-failed'

/**
 * Bring back a returning player's session without asking the wallet: the
 * remembered user plus Firebase's persisted session, if the backend still
 * accepts it and it belongs to the wallet the host has signed in (when the
 * host says). Otherwise the leftovers are cleared and the caller signs in
 * with the wallet as on a first launch (spec §4, auto-login on install).
 *
 * @param hostWalletAddress  the host's current wallet (`readHostWalletAddress()`), when it exposes one
 * @example
 * ```ts
 * const result = await restoreSession(createSessionDependencies(config), readHostWalletAddress())
 * if (result.status === 'restored') store.setAuthenticated(result)
 * else await login()
 * ```
 */
export async function restoreSession(dependencies: SessionDependencies, hostWalletAddress?: string): Promise<RestoreResult> {
  const { cache } = dependencies
  const user = cache.read()
  if (!user) return { status: 'none' }

  const forget = async (status: 'expired' | 'other_wallet', signOut: boolean): Promise<RestoreResult> => {
    cache.clear()
    if (signOut) {
      await dependencies.signOutBackend().catch((error: unknown) => console.warn('Failed to end the previous session', error))
    }
    return { status }
  }

  if (hostWalletAddress && !sameAddress(hostWalletAddress, user.walletAddress)) return forget('other_wallet', true)

  let backendUser: Awaited<ReturnType<SessionDependencies['restoreBackendUser']>>
  try {
    backendUser = await dependencies.restoreBackendUser()
  } catch (error) {
    // Firebase failed to load or to read its storage: a wallet sign-in still works.
    console.warn('Could not restore the previous session', error)
    return forget('expired', false)
  }
  if (!backendUser) return forget('expired', false)
  if (!sameAddress(backendUser.uid, user.uid)) return forget('expired', true)

  try {
    return { status: 'restored', user, idToken: await backendUser.getIdToken() }
  } catch (error) {
    console.warn('Could not restore the previous session', error)
    if (isNetworkFailure(error)) return { status: 'expired' }
    // The refresh token was refused (revoked, user disabled): that session is over.
    return forget('expired', true)
  }
}
