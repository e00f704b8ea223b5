import { useMiniKit } from '@worldmap/minikit-react'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { getClientConfig } from '../../lib/config/getClientConfig.js'
import { AuthContext, type AuthContextValue } from './AuthContext.js'
import { type AuthSources, createAuthActions } from './createAuthActions.js'
import { type AuthStore, createAuthStore, isAuthenticated } from './createAuthStore.js'
import { createSessionDependencies } from './createSessionDependencies.js'
import { loadFirebaseAuth } from './loadFirebaseAuth.js'
import type { LoginDependencies } from './login.js'
import { prefetchSignedNonce } from './prefetchSignedNonce.js'
import type { SessionDependencies } from './restoreSession.js'

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
export function AuthProvider({ children, store: given, loginDependencies, session, signOutBackend }: AuthProviderProps) {
  const [store] = useState(() => given ?? createAuthStore())
  const { isInstalled, installResult } = useMiniKit()
  const sources = useAuthSources({ loginDependencies, session, signOutBackend })
  // A first launch in World App: the sign-in's nonce and Firebase Auth start while the page hydrates (docs/first-launch.md).
  useState(() => {
    if (typeof window !== 'undefined' && !loginDependencies) prefetchNonceOnFirstLaunch(sources)
  })
  const [{ login, start, signOut }] = useState(() => createAuthActions(store, sources))
  useStartWhenInstalled(isInstalled, store, start)

  useEffect(() => {
    if (installResult && !isInstalled) console.warn(NOT_INSTALLED_WARNING)
  }, [installResult, isInstalled])

  const value = useMemo<AuthContextValue>(() => ({ store, login, signOut }), [store, login, signOut])
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

/**
 * The actions' collaborators, one stable object reading the latest props at
 * each use; the session is created on first use, in an effect or handler
 * (the real one reads the page's config).
 */
function useAuthSources(props: Pick<AuthProviderProps, 'loginDependencies' | 'session' | 'signOutBackend'>): AuthSources {
  const latest = useRef(props)
  latest.current = props
  const [sources] = useState<AuthSources>(() => {
    let session: SessionDependencies | undefined
    return {
      getSession: () => (session ??= latest.current.session?.() ?? createSessionDependencies(getClientConfig())),
      loginDependencies: () => latest.current.loginDependencies?.(),
      signOutBackend: () => latest.current.signOutBackend?.(),
    }
  })
  return sources
}

/**
 * The sign-in's first round trip and its largest download, started while the
 * page hydrates, before the home's own prefetches take the link: only with
 * nothing remembered (a returning player restores the session without the
 * wallet), inside World App, with a usable config.
 */
function prefetchNonceOnFirstLaunch(sources: AuthSources) {
  try {
    if (sources.getSession().cache.read() || !(window as { WorldApp?: unknown }).WorldApp) return
    prefetchSignedNonce(getClientConfig().signNonceUrl)
    loadFirebaseAuth().catch(() => {})
  } catch {
    // An unusable config or storage: the sign-in reports it when it runs.
  }
}

/** Start once per "becomes installed" edge, never while a login runs (or when already signed in). */
function useStartWhenInstalled(isInstalled: boolean, store: AuthStore, start: () => Promise<void>) {
  const wasInstalled = useRef(false)
  useEffect(() => {
    if (isInstalled && !wasInstalled.current) {
      wasInstalled.current = true
      const state = store.getState()
      if (!state.isPending && !isAuthenticated(state)) void start()
    }
    if (!isInstalled) wasInstalled.current = false
  }, [isInstalled, start, store])
}
