import { createStore } from '@worldmap/minikit'
import type { LoginFailure } from './getLoginFailure.js'

/**
 * The signed-in user: the backend (Firebase) user plus the wallet's user
 * info from the usernames service (spec §3 "User").
 */
export interface AuthUser {
  /** Backend uid: the checksummed wallet address. */
  uid: string
  walletAddress: string
  username: string | null
  profilePictureUrl: string | null
  /**
   * The game's name for the player when their World username cannot be
   * shown: the leaderboard's name for them, from the sign-in's reply
   * (`null`: an older server sent none). See `getDisplayName`.
   */
  generatedName?: string | null
}

/** Spec §3 "Auth state". */
export interface AuthState {
  user: AuthUser | null
  /** Empty when signed out. */
  idToken: string
  isPending: boolean
  /**
   * Why the last sign-in did not complete, for the login view; absent before
   * any attempt and while one runs. Not part of spec §3: issue 12 asks for a
   * plain-words failure with a retry.
   */
  failure?: LoginFailure
}

/** A tiny external store for {@link AuthState}; read it with `useSyncExternalStore`. */
export interface AuthStore {
  getState(): AuthState
  subscribe(listener: () => void): () => void
  /** Login started: pending, whatever was there before stays until it succeeds. */
  startLogin(): void
  /** Login finished: token and user set, no longer pending. */
  setAuthenticated(auth: { user: AuthUser; idToken: string }): void
  /** Login gave up (error or a non-success wallet reply): no longer pending, and why (when known). */
  failLogin(failure?: LoginFailure): void
  /** Back to signed out (sign out, or a clear after an error). */
  clearAuth(): void
}

/** Signed out: no user, empty token, nothing pending. */
export const signedOut: AuthState = Object.freeze({ user: null, idToken: '', isPending: false })

/**
 * Authenticated means a non-empty id token and a user (spec §4).
 *
 * @example
 * ```ts
 * if (isAuthenticated(store.getState())) showApp()
 * ```
 */
export function isAuthenticated(state: AuthState): state is AuthState & { user: AuthUser } {
  return state.idToken !== '' && state.user !== null
}

/**
 * Create the auth store with the transitions of spec §4: signed out →
 * pending when login starts → authenticated, or back to not pending when it
 * fails (keeping why, for the login view); clearing returns to signed out. Every change replaces the state
 * object, so `useSyncExternalStore` sees it.
 *
 * @example
 * ```ts
 * const store = createAuthStore()
 * store.startLogin()
 * store.setAuthenticated({ user, idToken })
 * isAuthenticated(store.getState()) // true
 * ```
 */
export function createAuthStore(initial: AuthState = signedOut): AuthStore {
  // The SDK's store primitive: subscribing and notifying are written once, for every store.
  const store = createStore(initial)
  const { getSnapshot: state, set } = store
  return {
    getState: state,
    subscribe: (listener) => store.subscribe(() => listener()),
    // A new attempt forgets the last failure: the view shows the spinner, then the new outcome.
    startLogin: () => set({ user: state().user, idToken: state().idToken, isPending: true }),
    setAuthenticated: ({ user, idToken }) => set({ user, idToken, isPending: false }),
    failLogin: (failure) =>
      set(
        failure ? { ...state(), isPending: false, failure } : { user: state().user, idToken: state().idToken, isPending: false },
      ),
    clearAuth: () => set(signedOut),
  }
}
