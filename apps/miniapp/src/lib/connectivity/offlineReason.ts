import type { Connectivity } from './createConnectivityStore.js'

/**
 * Why an action that needs the server is off right now, in plain words, or
 * `null` when online: the text shown next to a disabled button.
 *
 * @example
 * ```ts
 * offlineReason({ status: 'offline', reason: 'device' }) // "You're offline. This works again once you're back online."
 * ```
 */
export function offlineReason(connectivity: Connectivity): string | null {
  if (connectivity.status === 'online') return null
  return connectivity.reason === 'device'
    ? "You're offline. This works again once you're back online."
    : "Can't reach the game right now. This works again once the connection is back."
}
