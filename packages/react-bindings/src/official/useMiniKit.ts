import { useContext } from 'react'
import { MiniKitProviderMissingError } from '../errors/MiniKitProviderMissingError.js'
import { OfficialMiniKitContext, type OfficialMiniKitContextValue } from './officialMiniKitContext.js'

/**
 * Official 2.x's `useMiniKit` (`@worldmap/minikit-react/minikit-provider`):
 * whether the toolkit installed, `undefined` until the provider's effect ran.
 *
 * @throws {MiniKitProviderMissingError} outside this entry's `MiniKitProvider`
 *   (message as the official's: `useMiniKit must be used within a MiniKitProvider`).
 * @example
 * ```tsx
 * function Gate({ children }: { children: ReactNode }) {
 *   const { isInstalled } = useMiniKit()
 *   if (isInstalled === undefined) return null
 *   return isInstalled ? children : <p>Open this app in World App</p>
 * }
 * ```
 */
export function useMiniKit(): OfficialMiniKitContextValue {
  const value = useContext(OfficialMiniKitContext)
  if (value === undefined) throw new MiniKitProviderMissingError('useMiniKit')
  return value
}
