import { installOnce } from '@worldmap/minikit'
import { readWorldAppUserIntoState } from '@worldmap/minikit/internal'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { OfficialMiniKitContext, type OfficialMiniKitContextValue } from './officialMiniKitContext.js'

/** The `props` of official 2.x's `MiniKitProvider`. */
export interface MiniKitProps {
  /** Your Developer Portal app id (`app_…`). */
  appId?: string
  /** A wagmi `Config`: registers the wagmi fallback, so 2.x commands work outside World App. */
  wagmiConfig?: unknown
}

/** Props of the official-shaped {@link MiniKitProvider}. */
export interface OfficialMiniKitProviderProps {
  children: ReactNode
  props?: MiniKitProps
}

/**
 * Official 2.x's `MiniKitProvider` (`@worldmap/minikit-react/minikit-provider`,
 * also `/provider`), so a migrating app changes only its import: installs the
 * toolkit in an effect and shares `{ isInstalled }` with this entry's
 * `useMiniKit` (`undefined` before the effect and on the server, then
 * whether the install succeeded).
 *
 * Installs once per page (`installOnce`): StrictMode's second effect, a
 * remount or a nested provider reuse the first outcome instead of the SDK's
 * `already_installed`. With `props.wagmiConfig` it registers the wagmi
 * fallback (`@worldmap/minikit/wagmi-fallback`, loaded only then).
 *
 * @example
 * ```tsx
 * import { MiniKitProvider } from '@worldmap/minikit-react/minikit-provider'
 *
 * export function App() {
 *   return (
 *     <MiniKitProvider props={{ appId: 'app_staging_123' }}>
 *       <Home />
 *     </MiniKitProvider>
 *   )
 * }
 * ```
 */
export function MiniKitProvider({ children, props }: OfficialMiniKitProviderProps) {
  const [isInstalled, setIsInstalled] = useState<boolean | undefined>(undefined)
  const appId = props?.appId
  useEffect(() => {
    const result = installOnce(appId ? { appId } : {})
    // Official 2.x's provider installs through MiniKit.install, which reads the
    // 2.x user fields (wallet, verification, currency, notifications); so does
    // this one. Our root provider does not: its apps (the game among them)
    // keep those schemas out of their first load.
    if (result.success || result.errorCode === 'app_out_of_date') readWorldAppUserIntoState()
    setIsInstalled(result.success)
  }, [appId])
  const wagmiConfig = props?.wagmiConfig
  useEffect(() => {
    if (!wagmiConfig) return
    // Loaded only when a config is given, so apps without wagmi never fetch it.
    // Unlike the official, no separate side-effect import of the fallback is needed.
    void import('@worldmap/minikit/wagmi-fallback').then(({ registerWagmiFallback }) =>
      registerWagmiFallback(wagmiConfig as Parameters<typeof registerWagmiFallback>[0]),
    )
  }, [wagmiConfig])
  const value = useMemo<OfficialMiniKitContextValue>(() => ({ isInstalled }), [isInstalled])
  return <OfficialMiniKitContext.Provider value={value}>{children}</OfficialMiniKitContext.Provider>
}
