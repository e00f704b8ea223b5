import { createContext } from 'react'
import type { AuthStore } from './createAuthStore.js'

/** What `AuthProvider` shares: the store and the two user actions. */
export interface AuthContextValue {
  store: AuthStore
  /** Run the wallet sign-in unless one is pending; errors are logged and kept as `failure`, never thrown. */
  login(): Promise<void>
  /** Forget the remembered session, sign out of the backend and clear the auth state. */
  signOut(): Promise<void>
}

/** `undefined` outside `AuthProvider`, so `useAuth` can say so. */
export const AuthContext = createContext<AuthContextValue | undefined>(undefined)
AuthContext.displayName = 'AuthContext'
