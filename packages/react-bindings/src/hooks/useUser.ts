import type { User } from '@worldmap/minikit'
import { useMiniKitContext } from './useMiniKit.js'

/**
 * The wallet user. Empty until install; the wallet address (and then the
 * username and avatar) appear after a successful `walletAuth`, the
 * permissions shortly after install.
 *
 * @throws {MiniKitProviderMissingError} outside a `MiniKitProvider`.
 * @example
 * ```tsx
 * function Avatar() {
 *   const { username, profilePictureUrl } = useUser()
 *   return profilePictureUrl ? <img src={profilePictureUrl} alt={username ?? ''} /> : null
 * }
 * ```
 */
export function useUser(): User {
  return useMiniKitContext('useUser').user
}
