import {
  type DeviceProperties,
  type InstallOptions,
  type InstallResult,
  installOnce,
  type User,
  watchState,
} from '@worldmap/minikit'
import { miniKitState } from '@worldmap/minikit/internal'
import { createContext, type ReactNode, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'

/** What {@link MiniKitProvider} shares with `useMiniKit` and the state hooks. */
export interface MiniKitContextValue {
  /** Whether the toolkit is connected to World App (also true when the host is merely out of date). */
  isInstalled: boolean
  /** The install outcome; `undefined` until the provider's effect ran (and always during SSR). */
  installResult: InstallResult | undefined
  /** The wallet user; replaced (never mutated) whenever it changes. */
  user: User
  /** Device facts read from `window.WorldApp` at install. */
  deviceProperties: DeviceProperties
  /** The app id the SDK was installed with, else the one given to the provider; `null` when none. */
  appId: string | null
}

/** `undefined` outside a provider, so `useMiniKit` can throw (the 1.9.6 default object never did). */
export const MiniKitContext = createContext<MiniKitContextValue | undefined>(undefined)
MiniKitContext.displayName = 'MiniKitContext'

type Snapshot = Omit<MiniKitContextValue, 'installResult'>

// The SDK replaces `user` and `deviceProperties` on every change, so
// comparing references is enough to keep snapshots stable between renders.
let cached: Snapshot | undefined
function getSnapshot(): Snapshot {
  const { installed, user, deviceProperties, config } = miniKitState
  const isInstalled = installed && typeof window !== 'undefined'
  if (
    !cached ||
    cached.isInstalled !== isInstalled ||
    cached.user !== user ||
    cached.deviceProperties !== deviceProperties ||
    cached.appId !== config.appId
  ) {
    cached = { isInstalled, user, deviceProperties, appId: config.appId }
  }
  return cached
}

// There is no host on the server: render "not installed" and let the client
// take over after hydration.
const serverSnapshot: Snapshot = Object.freeze({
  isInstalled: false,
  user: Object.freeze({}),
  deviceProperties: Object.freeze({}),
  appId: null,
})
const getServerSnapshot = () => serverSnapshot

/** Props of {@link MiniKitProvider}. */
export interface MiniKitProviderProps {
  children?: ReactNode
  /** Your Developer Portal app id (`app_…`); wins over `installOptions.appId`. */
  appId?: string
  /** Everything else `install()` accepts (usernames URL, RPC URL, default command timeout). */
  installOptions?: InstallOptions
}

/**
 * Installs MiniKit once on the client and shares the toolkit state with
 * `useMiniKit`, `useUser`, `useSafeAreaInsets` and `useSupports`.
 *
 * - Installs in an effect, so it renders on the server (nothing installed)
 *   and never touches `window` during render.
 * - Idempotent: React StrictMode's double effect, remounts and nested
 *   providers do not install twice and never end with `isInstalled === false`.
 * - Options are read once, at the first install; the SDK cannot be
 *   re-installed with other options.
 *
 * @example
 * ```tsx
 * export function App() {
 *   return (
 *     <MiniKitProvider appId="app_staging_123">
 *       <Home />
 *     </MiniKitProvider>
 *   )
 * }
 * ```
 */
export function MiniKitProvider({ children, appId, installOptions }: MiniKitProviderProps) {
  const options = useRef<InstallOptions>({ ...installOptions, ...(appId === undefined ? {} : { appId }) })
  const [installResult, setInstallResult] = useState<InstallResult | undefined>(undefined)
  useEffect(() => {
    setInstallResult(installOnce(options.current))
  }, [])
  const snapshot = useSyncExternalStore(watchState, getSnapshot, getServerSnapshot)
  const fallbackAppId = appId ?? installOptions?.appId ?? null
  const value = useMemo<MiniKitContextValue>(
    () => ({ ...snapshot, appId: snapshot.appId ?? fallbackAppId, installResult }),
    [snapshot, installResult, fallbackAppId],
  )
  return <MiniKitContext.Provider value={value}>{children}</MiniKitContext.Provider>
}
