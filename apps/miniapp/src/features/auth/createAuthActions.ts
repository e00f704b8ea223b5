import { getClientConfig } from '../../lib/config/getClientConfig.js'
import { type AuthStore, type AuthUser, isAuthenticated } from './createAuthStore.js'
import { createLoginDependencies } from './createLoginDependencies.js'
import { getLoginFailure } from './getLoginFailure.js'
import { type LoginDependencies, type LoginResult, login as runLoginSequence } from './login.js'
import { readHostWalletAddress } from './readHostWalletAddress.js'
import { type RestoreResult, restoreSession, type SessionDependencies } from './restoreSession.js'
import { signOutBackend } from './signOutBackend.js'

/** Where the auth actions get their collaborators, read at each use (the provider's latest props). */
export interface AuthSources {
  /** The remembered session (user cache, Firebase persistence), created once on first use. */
  getSession: () => SessionDependencies
  /** Dependencies of one login attempt; the real ones (Firebase loads lazily) when `undefined`. */
  loginDependencies: () => LoginDependencies | undefined
  /** Sign out of the backend; the real one when `undefined`. */
  signOutBackend: () => Promise<void> | undefined
}

/** What the auth actions do to a store; errors are logged and kept as `failure`, never thrown. */
export interface AuthActions {
  /** Run the wallet sign-in unless one is pending. */
  login(): Promise<void>
  /** On launch: the remembered session if it is still good, else the wallet (unless one is pending). */
  start(): Promise<void>
  /** Forget the remembered session, sign out of the backend and clear the auth state. */
  signOut(): Promise<void>
}

/**
 * The auth state's actions, framework-free: `AuthProvider` binds them to its
 * store and props. Login errors are logged to the console (spec §8) and kept
 * on the state as a plain-words failure for the login view (issue 12).
 *
 * @example
 * ```ts
 * const { start, login, signOut } = createAuthActions(createAuthStore(), sources)
 * await start()
 * ```
 */
export function createAuthActions(store: AuthStore, sources: AuthSources): AuthActions {
  return {
    login: async () => {
      if (store.getState().isPending) return
      store.startLogin()
      await signInWithWallet(store, sources)
    },
    start: () => startSession(store, sources),
    signOut: () => signOutEverywhere(store, sources),
  }
}

/** Remembering is a convenience for the next launch: it must never undo a sign-in. */
function remember(sources: AuthSources, user: AuthUser) {
  try {
    sources.getSession().cache.write(user)
  } catch (error) {
    console.error('Could not remember the session', error)
  }
}

/** The wallet sign-in; the caller has already marked the store pending. */
async function signInWithWallet(store: AuthStore, sources: AuthSources) {
  let result: LoginResult
  try {
    result = await runLoginSequence(sources.loginDependencies() ?? createLoginDependencies(getClientConfig()))
  } catch (error) {
    store.failLogin(getLoginFailure({ error }))
    // Spec §8: login errors are logged. LoginError messages are the spec's exact text.
    console.error(error instanceof Error ? error.message : 'Login failed', error)
    return
  }
  if (result.status === 'authenticated') {
    store.setAuthenticated(result)
    remember(sources, result.user)
  } else store.failLogin(getLoginFailure({ walletErrorCode: result.errorCode }))
}

/**
 * The remembered name and picture show at once; the usernames service may
 * have newer ones (a new avatar since the last launch).
 */
async function refreshProfile(store: AuthStore, sources: AuthSources, user: AuthUser) {
  let profile: Awaited<ReturnType<SessionDependencies['getUserByAddress']>>
  try {
    profile = await sources.getSession().getUserByAddress(user.walletAddress)
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
  remember(sources, next)
}

/** On launch: the remembered session if it is still good, else the wallet. */
async function startSession(store: AuthStore, sources: AuthSources) {
  if (store.getState().isPending) return
  store.startLogin()
  let restored: RestoreResult
  try {
    restored = await restoreSession(sources.getSession(), readHostWalletAddress())
  } catch (error) {
    // E.g. an unusable client config: the wallet sign-in reports it (logged and on screen).
    console.error('Could not restore the previous session', error)
    restored = { status: 'none' }
  }
  if (restored.status === 'restored') {
    store.setAuthenticated(restored)
    void refreshProfile(store, sources, restored.user)
    return
  }
  await signInWithWallet(store, sources)
}

async function signOutEverywhere(store: AuthStore, sources: AuthSources) {
  try {
    // Forget the user first: even if the backend call fails, the next launch must not restore it.
    sources.getSession().cache.clear()
    await (sources.signOutBackend() ?? signOutBackend(getClientConfig()))
  } catch (error) {
    console.error('Failed to sign out of the backend', error)
  } finally {
    store.clearAuth()
  }
}
