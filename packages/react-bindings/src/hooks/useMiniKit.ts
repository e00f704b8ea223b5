import { useContext } from 'react'
import { MiniKitContext, type MiniKitContextValue } from '../context.js'
import { MiniKitProviderMissingError } from '../errors/MiniKitProviderMissingError.js'

/** Return type of {@link useMiniKit}. */
export type UseMiniKitReturnType = MiniKitContextValue

/**
 * The toolkit state: install status and result, user, device properties
 * and app id. Re-renders when any of them changes.
 *
 * @throws {MiniKitProviderMissingError} outside a `MiniKitProvider`.
 * @example
 * ```tsx
 * function Gate({ children }: { children: ReactNode }) {
 *   const { isInstalled } = useMiniKit()
 *   return isInstalled ? children : <p>Open this app in World App</p>
 * }
 * ```
 */
export function useMiniKit(): UseMiniKitReturnType {
  return useMiniKitContext('useMiniKit')
}

/** @internal Context lookup shared by the state hooks, naming the caller in the error. */
export function useMiniKitContext(hookName: string): MiniKitContextValue {
  const value = useContext(MiniKitContext)
  if (value === undefined) throw new MiniKitProviderMissingError(hookName)
  return value
}
