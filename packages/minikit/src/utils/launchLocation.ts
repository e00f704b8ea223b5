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
 * Map World App's launch location (`window.WorldApp.location`) to a
 * {@link MiniAppLaunchLocation}, as official 2.x does: today's World App
 * sends an object, `{ open_origin: 'deeplink' }`, older ones the plain
 * string; either in any case. `null` when missing or unknown — also for
 * what official 2.0.3 would throw on (an `open_origin` that is not text) or
 * misread (`'constructor'`, a name of every object's prototype).
 *
 * @example
 * ```ts
 * mapWorldAppLaunchLocation({ open_origin: 'deeplink' }) // 'deep-link'
 * mapWorldAppLaunchLocation('WORLD_CHAT') // 'chat'
 * mapWorldAppLaunchLocation('somewhere-new') // null
 * ```
 */
export function mapWorldAppLaunchLocation(location: unknown): MiniAppLaunchLocation | null {
  // `in`, as the official: an object without `open_origin` is not a location.
  const raw =
    typeof location === 'object' && location !== null && 'open_origin' in location
      ? (location as { open_origin: unknown }).open_origin
      : location
  if (typeof raw !== 'string' || !raw) return null
  const key = raw.toLowerCase()
  return Object.hasOwn(WORLD_APP_LOCATIONS, key) ? (WORLD_APP_LOCATIONS[key] as MiniAppLaunchLocation) : null
}

/**
 * Where the person opened the mini app from: `window.WorldApp.location` as
 * the last install (or `MiniKit.initFromWorldApp`) read it, as official 2.x
 * keeps it; `null` before that, outside World App or when World App does
 * not say. Mapped here rather than at install, so `install()` (in every
 * bundle) carries no table.
 *
 * @example
 * ```ts
 * if (getLaunchLocation() === MiniAppLaunchLocation.Chat) showChatWelcome()
 * ```
 */
export function getLaunchLocation(): MiniAppLaunchLocation | null {
  return mapWorldAppLaunchLocation(state.worldAppLocation)
}
