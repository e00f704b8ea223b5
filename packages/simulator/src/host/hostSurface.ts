import { supportedCommandsOf, WORLD_APP_RELEASES } from '@worldmap/minikit/wire'
import type { SimulatedLevel } from '../worldId/simulatedProof.js'

/** `window.WorldApp.verification_status`: which World ID credentials the user holds. */
export interface WorldAppVerificationStatus {
  is_orb_verified: boolean
  is_document_verified: boolean
  is_secure_document_verified: boolean
}

// Weakest first, as the simulated World ID ranks them (a stronger credential satisfies a weaker level).
const RANK: Record<SimulatedLevel, number> = { device: 0, document: 1, secure_document: 2, orb: 3 }

/**
 * What World App advertises for a holder of `level`, in the simulated World ID's
 * model where a stronger credential satisfies every weaker one.
 *
 * @example
 * ```ts
 * verificationStatusOf('secure_document') // { is_orb_verified: false, is_document_verified: true, is_secure_document_verified: true }
 * ```
 */
export function verificationStatusOf(level: SimulatedLevel): WorldAppVerificationStatus {
  return {
    is_orb_verified: RANK[level] >= RANK.orb,
    is_document_verified: RANK[level] >= RANK.document,
    is_secure_document_verified: RANK[level] >= RANK.secure_document,
  }
}

/** What a page can see of World App: `window.WorldApp` and the native message handler. */
export interface HostSurfaceOptions {
  os?: 'ios' | 'android'
  /**
   * The World App build to emulate (`world_app_version`). It decides the
   * commands and versions advertised and answered: `WORLD_APP_RELEASES`
   * (`@worldmap/minikit/wire`) lists the builds that changed them, so an older
   * one (2087901: no attestation, chat, close-miniapp or send-transaction 2)
   * shows how an app copes with an out-of-date World App.
   * @default WORLD_APP_RELEASES.current (today's World App)
   */
  worldAppVersion?: number
  /** Supported commands and versions; by default what `worldAppVersion` speaks. */
  supportedCommands?: Array<{ name: string; supported_versions: number[] }>
  safeAreaInsets?: { top: number; right: number; bottom: number; left: number }
  optedIntoOptionalAnalytics?: boolean
  /**
   * `wallet_address`, which official 2.x reads into `MiniKit.user.walletAddress`
   * at install. The full simulator sets its wallet's address when it loads;
   * before that (the fast boot), this, or nothing.
   */
  walletAddress?: string
  /** The World ID holder: its level gives `verification_status` (default orb, as the simulated identity's). */
  identity?: { level?: SimulatedLevel }
  /** `preferred_currency`. @default 'USD' */
  preferredCurrency?: string
  /** `pending_notifications`. @default 0 */
  pendingNotifications?: number
  /**
   * `location`: where the user opened the mini app from, as World App names it
   * (`homepage`, `app-store`, `deeplink`, `wallet_tab`, `world_chat`…), which
   * official 1.11 and 2.x map to `MiniKit.location`. A string, the form both
   * read (2.x also takes `{ open_origin }`, 1.11 does not); `null` for none.
   * @default 'homepage'
   */
  launchLocation?: string | null
}

type HostGlobals = { WorldApp?: unknown; webkit?: unknown; Android?: unknown }

/**
 * Define `window.WorldApp` and the OS's message handler (iOS
 * `webkit.messageHandlers.minikit.postMessage(object)`, Android
 * `Android.postMessage(json)`), handing every message to `receive` as the
 * native side gets it. Kept apart from the simulator's wallet and World ID so
 * the page-facing part can be installed before the page's first script at
 * almost no cost (see `bootSimulator`).
 *
 * @returns how to remove everything it defined
 * @example
 * ```ts
 * const remove = installHostSurface(window, { os: 'android' }, (raw) => console.log(raw))
 * ```
 */
export function installHostSurface(win: Window, options: HostSurfaceOptions, receive: (raw: unknown) => void): () => void {
  const page = win as unknown as Window & HostGlobals
  const os = options.os ?? 'ios'
  const worldAppVersion = options.worldAppVersion ?? WORLD_APP_RELEASES.current
  page.WorldApp = {
    world_app_version: worldAppVersion,
    device_os: os,
    is_optional_analytics: options.optedIntoOptionalAnalytics ?? false,
    supported_commands: options.supportedCommands ?? supportedCommandsOf(worldAppVersion),
    safe_area_insets: options.safeAreaInsets ?? { top: 47, right: 0, bottom: 34, left: 0 },
    // The 2.x fields (official 2.0.3's initFromWorldApp reads them into MiniKit.user and MiniKit.location).
    ...(options.walletAddress ? { wallet_address: options.walletAddress } : {}),
    verification_status: verificationStatusOf(options.identity?.level ?? 'orb'),
    preferred_currency: options.preferredCurrency ?? 'USD',
    pending_notifications: options.pendingNotifications ?? 0,
    location: options.launchLocation === undefined ? 'homepage' : options.launchLocation,
  }
  if (os === 'ios') page.webkit = { messageHandlers: { minikit: { postMessage: (message: unknown) => receive(message) } } }
  else page.Android = { postMessage: (json: string) => receive(json) }
  const removeShare = installShare(win, os)
  return () => {
    delete page.WorldApp
    delete page.webkit
    delete page.Android
    removeShare()
  }
}

/**
 * iOS shares through the webview's own sheet; give desktop browsers one that succeeds.
 * @returns how to remove it again (a no-op when the browser had its own)
 */
function installShare(win: Window, os: string): () => void {
  if (os !== 'ios' || typeof win.navigator === 'undefined' || typeof win.navigator.share === 'function') return () => {}
  Object.defineProperty(win.navigator, 'share', { configurable: true, value: async () => undefined })
  return () => {
    delete (win.navigator as Partial<Navigator>).share
  }
}
