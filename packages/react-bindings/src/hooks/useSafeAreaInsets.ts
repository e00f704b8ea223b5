import type { SafeAreaInsets } from '@worldmap/minikit'
import { useMiniKitContext } from './useMiniKit.js'

// One frozen object, so components memoised on the insets do not re-render.
const NO_INSETS: SafeAreaInsets = Object.freeze({ top: 0, right: 0, bottom: 0, left: 0 })

/**
 * The safe-area insets World App reports (CSS pixels); all zero outside
 * World App, before install and on the server.
 *
 * @throws {MiniKitProviderMissingError} outside a `MiniKitProvider`.
 * @example
 * ```tsx
 * function TopBar() {
 *   const { top } = useSafeAreaInsets()
 *   return <header style={{ paddingTop: top }}>WorldMap</header>
 * }
 * ```
 */
export function useSafeAreaInsets(): SafeAreaInsets {
  return useMiniKitContext('useSafeAreaInsets').deviceProperties.safeAreaInsets ?? NO_INSETS
}
