import { useMiniKit } from '@worldmap/minikit-react'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { getClientConfig } from '../../lib/config/getClientConfig.js'
import { AuthContext, type AuthContextValue } from './AuthContext.js'
import { type AuthStore, type AuthUser, createAuthStore, isAuthenticated } from './createAuthStore.js'
import { createLoginDependencies } from './createLoginDependencies.js'
import { createSessionDependencies } from './createSessionDependencies.js'
import { getLoginFailure } from './getLoginFailure.js'
import { type LoginDependencies, type LoginResult, login as runLoginSequence } from './login.js'
import { readHostWalletAddress } from './readHostWalletAddress.js'
import { type RestoreResult, restoreSession, type SessionDependencies } from './restoreSession.js'
import { signOutBackend } from './signOutBackend.js'

/** The toolkit's not-installed log (spec §8). */
export const NOT_INSTALLED_WARNING = "MiniKit is not installed. Make sure you're running the application inside of World App"

/** Props of {@link AuthProvider}; everything but `children` is for tests and tools. */
export interface AuthProviderProps {
  children?: ReactNode
  store?: AuthStore
  /** Dependencies of one login attempt; the real ones (Firebase loads lazily) by default. */
  loginDependencies?: () => LoginDependencies
  /** The remembered session (user cache, Firebase persistence); the real ones by default. */
  session?: () => SessionDependencies
  signOutBackend?: () => Promise<void>
}

/**
 * Owns the auth state and signs in automatically when the toolkit becomes
 * installed and nothing is pending (spec §4): first by restoring a returning
 * player's remembered session (no wallet prompt), else with the wallet. Login
 * errors are logged to the console (spec §8) and kept on the state as a
 * plain-words failure for the login view (issue 12). Must sit inside
 * `MiniKitProvider`.
 *
 * @example
 * ```tsx
 * <MiniKitProvider appId={appId}>
 *   <AuthProvider>{children}</AuthProvider>
 * </MiniKitProvider>
 * ```
 */
export function AuthProvider({
  children,
  store: given,
  loginDependencies,
  session: sessionGiven,
  signOutBackend: signOutGiven,
}: AuthProviderProps) {
  const [store] = useState(() => given ?? createAuthStore())
  const { isInstalled, installResult } = useMiniKit()
  const dependencies = useRef(loginDependencies)
  dependencies.current = loginDependencies
  const signOutRef = useRef(signOutGiven)
  signOutRef.current = signOutGiven
  const sessionFactory = useRef(sessionGiven)
  sessionFactory.current = sessionGiven
  // Created on first use, in an effect or handler: the real one reads the page's config.
  const sessionRef = useRef<SessionDependencies | undefined>(undefined)
  const getSession = useCallback(
    () => (sessionRef.current ??= sessionFactory.current?.() ?? createSessionDependencies(getClientConfig())),
    [],
  )

  // Remembering is a convenience for the next launch: it must never undo a sign-in.
  const remember = useCallback(
    (user: AuthUser) => {
      try {
        getSession().cache.write(user)
      } catch (error) {
        console.error('Could not remember the session', error)
      }
    },
    [getSession],
  )

  // The wallet sign-in; the caller has already marked the store pending.
  const signInWithWallet = useCallback(async () => {
    let result: LoginResult
    try {
      result = await runLoginSequence(dependencies.current?.() ?? createLoginDependencies(getClientConfig()))
    } catch (error) {
      store.failLogin(getLoginFailure({ error }))
      // Spec §8: login errors are logged. LoginError messages are the spec's exact text.
      console.error(error instanceof Error ? error.message : 'Login failed', error)
      return
    }
    if (result.status === 'authenticated') {
      store.setAuthenticated(result)
      remember(result.user)
    } else store.failLogin(getLoginFailure({ walletErrorCode: result.errorCode }))
  }, [store, remember])

  const login = useCallback(async () => {
    if (store.getState().isPending) return
    store.startLogin()
    await signInWithWallet()
  }, [store, signInWithWallet])

  // The remembered name and picture show at once; the usernames service may
  // have newer ones (a new avatar since the last launch).
  const refreshProfile = useCallback(
    async (user: AuthUser) => {
      let profile: Awaited<ReturnType<SessionDependencies['getUserByAddress']>>
      try {
        profile = await getSession().getUserByAddress(user.walletAddress)
      } catch (error) {
        console.error('Failed to fetch user profile:', error)
        return
      }
      const state = store.getState()
      // Signed out or someone else signed in meanwhile: this answer is stale.
      if (!isAuthenticated(state) || state.user.uid !== user.uid) return
      const username = profile.username ?? null
      const profilePictureUrl = profile.profilePictureUrl ?? null
      if (username === state.user.username && profilePictureUrl === state.user.profilePictureUrl) return
      const next = { ...state.user, username, profilePictureUrl }
      store.setAuthenticated({ user: next, idToken: state.idToken })
      remember(next)
    },
    [store, getSession, remember],
  )

  // On launch: the remembered session if it is still good, else the wallet.
  const start = useCallback(async () => {
    if (store.getState().isPending) return
    store.startLogin()
    let restored: RestoreResult
    try {
      restored = await restoreSession(getSession(), readHostWalletAddress())
    } catch (error) {
      // E.g. an unusable client config: the wallet sign-in reports it (logged and on screen).
      console.error('Could not restore the previous session', error)
      restored = { status: 'none' }
    }
    if (restored.status === 'restored') {
      store.setAuthenticated(restored)
      void refreshProfile(restored.user)
      return
    }
    await signInWithWallet()
  }, [store, getSession, refreshProfile, signInWithWallet])

  const signOut = useCallback(async () => {
    try {
      // Forget the user first: even if the backend call fails, the next launch must not restore it.
      getSession().cache.clear()
      await (signOutRef.current?.() ?? signOutBackend(getClientConfig()))
    } catch (error) {
      console.error('Failed to sign out of the backend', error)
    } finally {
      store.clearAuth()
    }
  }, [store, getSession])

  // Start once per "becomes installed" edge, never while a login runs (or
  // when already signed in).
  const wasInstalled = useRef(false)
  useEffect(() => {
    if (isInstalled && !wasInstalled.current) {
      wasInstalled.current = true
      const state = store.getState()
      if (!state.isPending && !isAuthenticated(state)) void start()
    }
    if (!isInstalled) wasInstalled.current = false
  }, [isInstalled, start, store])

  useEffect(() => {
    if (installResult && !isInstalled) console.warn(NOT_INSTALLED_WARNING)
  }, [installResult, isInstalled])

  const value = useMemo<AuthContextValue>(() => ({ store, login, signOut }), [store, login, signOut])
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
