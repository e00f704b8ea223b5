import { useContext, useSyncExternalStore } from 'react'
import { AuthContext } from './AuthContext.js'
import type { AuthUser } from './createAuthStore.js'

const noSubscription = () => () => {}
const nobody = () => null

/**
 * The signed-in player, or `null` when signed out or outside an
 * `AuthProvider` (a section rendered on its own, as in tests) — unlike
 * `useAuth`, which insists on its provider.
 *
 * @example
 * ```tsx
 * const user = useSignedInUser()
 * const name = user ? getDisplayName(user, t('profile.fallbackName')) : null
 * ```
 */
export function useSignedInUser(): AuthUser | null {
  const context = useContext(AuthContext)
  return useSyncExternalStore(
    context?.store.subscribe ?? noSubscription,
    context ? () => context.store.getState().user : nobody,
    nobody,
  )
}
