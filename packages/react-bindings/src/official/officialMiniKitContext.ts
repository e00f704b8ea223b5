import { createContext } from 'react'

/** What the official-shaped `MiniKitProvider` (`./minikit-provider`) shares with its `useMiniKit`. */
export interface OfficialMiniKitContextValue {
  /** `undefined` until the provider's install effect ran (and always during SSR), then whether it installed. */
  isInstalled: boolean | undefined
}

/**
 * Its own context, not the root provider's: official 2.x call sites read only
 * `isInstalled`, with `undefined` meaning "not known yet", while the root
 * `useMiniKit` says `false` there and carries the user and device too.
 * `undefined` outside a provider, so `useMiniKit` can throw.
 */
export const OfficialMiniKitContext = createContext<OfficialMiniKitContextValue | undefined>(undefined)
OfficialMiniKitContext.displayName = 'OfficialMiniKitContext'
