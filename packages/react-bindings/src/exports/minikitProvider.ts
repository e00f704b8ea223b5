// Entry `@worldmap/minikit-react/minikit-provider` (also `/provider`): official
// 2.x's MiniKitProvider and useMiniKit with its call shape, so a migrating
// app changes only the import specifier. Built with a 'use client' banner.
// The root entry's MiniKitProvider/useMiniKit (more state, typed props) are
// unchanged and separate.
export {
  type MiniKitProps,
  MiniKitProvider,
  type OfficialMiniKitProviderProps as MiniKitProviderProps,
} from '../official/MiniKitProvider.js'
export type { OfficialMiniKitContextValue as MiniKitContextValue } from '../official/officialMiniKitContext.js'
export { useMiniKit } from '../official/useMiniKit.js'
