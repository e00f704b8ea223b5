/**
 * Whether the page runs inside World App (World App injects `window.WorldApp`
 * before any page script). `false` during server rendering.
 *
 * @example
 * ```ts
 * if (!isInWorldApp()) showOpenInWorldAppBanner()
 * ```
 */
export function isInWorldApp(): boolean {
  return typeof window !== 'undefined' && Boolean((window as { WorldApp?: unknown }).WorldApp)
}
