import { useMiniKit } from '@worldmap/minikit-react'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { getClientConfig } from '../../lib/config/getClientConfig.js'
import { AuthContext, type AuthContextValue } from './AuthContext.js'
import { type AuthStore, createAuthStore, isAuthenticated } from './createAuthStore.js'
import { createLoginDependencies } from './createLoginDependencies.js'
import { type LoginDependencies, login as runLoginSequence } from './login.js'
import { signOutBackend } from './signOutBackend.js'

/** The toolkit's not-installed log (spec §8). */
export const NOT_INSTALLED_WARNING = "MiniKit is not installed. Make sure you're running the application inside of World App"

/** Props of {@link AuthProvider}; everything but `children` is for tests and tools. */
export interface AuthProviderProps {
  children?: ReactNode
  store?: AuthStore
  /** Dependencies of one login attempt; the real ones (Firebase loads lazily) by default. */
  loginDependencies?: () => LoginDependencies
  signOutBackend?: () => Promise<void>
}

/**
 * Owns the auth state and signs in automatically: when the toolkit becomes
 * installed and nothing is pending (spec §4). Login errors go to the console
 * only (spec §8). Must sit inside `MiniKitProvider`.
 *
 * @example
 * ```tsx
 * <MiniKitProvider appId={appId}>
 *   <AuthProvider>{children}</AuthProvider>
 * </MiniKitProvider>
 * ```
 */
export function AuthProvider({ children, store: given, loginDependencies, signOutBackend: signOutGiven }: AuthProviderProps) {
  const [store] = useState(() => given ?? createAuthStore())
  const { isInstalled, installResult } = useMiniKit()
  const dependencies = useRef(loginDependencies)
  dependencies.current = loginDependencies
  const signOutRef = useRef(signOutGiven)
  signOutRef.current = signOutGiven

  const login = useCallback(async () => {
    if (store.getState().isPending) return
    store.startLogin()
    try {
      const result = await runLoginSequence(dependencies.current?.() ?? createLoginDependencies(getClientConfig()))
      if (result.status === 'authenticated') store.setAuthenticated(result)
      else store.failLogin()
    } catch (error) {
      store.failLogin()
      // Spec §8: login errors are only logged. LoginError messages are the spec's exact text.
      console.error(error instanceof Error ? error.message : 'Login failed', error)
    }
  }, [store])

  const signOut = useCallback(async () => {
    try {
      await (signOutRef.current?.() ?? signOutBackend(getClientConfig()))
    } catch (error) {
      console.error('Failed to sign out of the backend', error)
    } finally {
      store.clearAuth()
    }
  }, [store])

  // Auto-login once per "becomes installed" edge, never while a login runs
  // (or when already signed in).
  const wasInstalled = useRef(false)
  useEffect(() => {
    if (isInstalled && !wasInstalled.current) {
      wasInstalled.current = true
      const state = store.getState()
      if (!state.isPending && !isAuthenticated(state)) void login()
    }
    if (!isInstalled) wasInstalled.current = false
  }, [isInstalled, login, store])

  useEffect(() => {
    if (installResult && !isInstalled) console.warn(NOT_INSTALLED_WARNING)
  }, [installResult, isInstalled])

  const value = useMemo<AuthContextValue>(() => ({ store, login, signOut }), [store, login, signOut])
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
