import { state } from '../state.js'

/** Where the person opened the mini app from (`MiniKit.location`), as the official toolkit names the places. */
export const MiniAppLaunchLocation = Object.freeze({
  Chat: 'chat',
  Home: 'home',
  AppStore: 'app-store',
  DeepLink: 'deep-link',
  WalletTab: 'wallet-tab',
} as const)
export type MiniAppLaunchLocation = (typeof MiniAppLaunchLocation)[keyof typeof MiniAppLaunchLocation]

// World App's own names for the places (`window.WorldApp.location`), several per place.
const WORLD_APP_LOCATIONS: Readonly<Record<string, MiniAppLaunchLocation>> = {
  'app-store': 'app-store',
  carousel: 'app-store',
  explore: 'app-store',
  app_details: 'app-store',
  deeplink: 'deep-link',
  homepage: 'home',
  wallet_tab: 'wallet-tab',
  world_chat: 'chat',
}

/**
 * Map World App's launch location (`window.WorldApp.location`, any case) to
 * a {@link MiniAppLaunchLocation}; `null` when missing or unknown.
 *
 * @example
 * ```ts
 * mapWorldAppLaunchLocation('WORLD_CHAT') // 'chat'
 * mapWorldAppLaunchLocation('somewhere-new') // null
 * ```
 */
export function mapWorldAppLaunchLocation(location: unknown): MiniAppLaunchLocation | null {
  if (typeof location !== 'string' || !location) return null
  const key = location.toLowerCase()
  return Object.hasOwn(WORLD_APP_LOCATIONS, key) ? (WORLD_APP_LOCATIONS[key] as MiniAppLaunchLocation) : null
}

/**
 * Where the person opened the mini app from, once installed; `null` before
 * install, outside World App or when World App does not say. Read from
 * `window.WorldApp` on demand rather than at install, so install() (in every
 * bundle) carries none of this.
 *
 * @example
 * ```ts
 * if (getLaunchLocation() === MiniAppLaunchLocation.Chat) showChatWelcome()
 * ```
 */
export function getLaunchLocation(): MiniAppLaunchLocation | null {
  if (!state.installed || typeof window === 'undefined') return null
  return mapWorldAppLaunchLocation((window as { WorldApp?: { location?: unknown } }).WorldApp?.location)
}
