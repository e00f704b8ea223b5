import { useContext, useSyncExternalStore } from 'react'
import { AuthContext } from './AuthContext.js'
import { type AuthState, isAuthenticated, signedOut } from './createAuthStore.js'

const serverSnapshot = () => signedOut

/**
 * The auth state (`{user, idToken, isPending}`), whether it is authenticated,
 * and the `login`/`signOut` actions. Throws outside `AuthProvider`.
 *
 * @example
 * ```tsx
 * const { user, isPending, login } = useAuth()
 * return user ? <p>{user.username}</p> : <button onClick={login} disabled={isPending}>Login</button>
 * ```
 */
export function useAuth(): AuthState & { isAuthenticated: boolean; login(): Promise<void>; signOut(): Promise<void> } {
  const context = useContext(AuthContext)
  if (!context) throw new Error('useAuth must be used within <AuthProvider>')
  const { store, login, signOut } = context
  const state = useSyncExternalStore(store.subscribe, store.getState, serverSnapshot)
  return { ...state, isAuthenticated: isAuthenticated(state), login, signOut }
}
