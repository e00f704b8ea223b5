import { createContext } from 'react'
import type { AuthStore } from './createAuthStore.js'

/** What `AuthProvider` shares: the store and the two user actions. */
export interface AuthContextValue {
  store: AuthStore
  /** Run the login sequence unless one is pending; errors are logged, never thrown. */
  login(): Promise<void>
  /** Sign out of the backend and clear the auth state. */
  signOut(): Promise<void>
}

/** `undefined` outside `AuthProvider`, so `useAuth` can say so. */
export const AuthContext = createContext<AuthContextValue | undefined>(undefined)
AuthContext.displayName = 'AuthContext'
