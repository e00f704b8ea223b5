import type { Command } from '@worldmap/minikit'
import { miniKitState } from '@worldmap/minikit/internal'
import { useMiniKitContext } from './useMiniKit.js'

/**
 * Whether MiniKit is installed and the host offers `command` (wire name,
 * e.g. `'pay'` or `Command.WalletAuth`). A command the host lists with
 * other versions still counts, as in the SDK; false on the server.
 *
 * @throws {MiniKitProviderMissingError} outside a `MiniKitProvider`.
 * @example
 * ```tsx
 * function ShareButton() {
 *   const canShare = useSupports('share')
 *   return <button type="button" disabled={!canShare}>Share</button>
 * }
 * ```
 */
export function useSupports(command: Command): boolean {
  // The availability table is filled during install(), before the state
  // change that re-renders us, so reading it during render is consistent.
  const { isInstalled } = useMiniKitContext('useSupports')
  return isInstalled && miniKitState.available[command] === true
}
