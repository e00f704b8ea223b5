import type { Connectivity } from './createConnectivityStore.js'

/**
 * Why an action that needs the server is off right now, in plain words, or
 * `null` when it is on: the text shown next to a disabled button. Only a
 * device without a network turns actions off: with the database connection
 * down (`reason: 'server'`) the callables may well answer, so actions stay
 * offered (the banner says the game is reconnecting) and say so if they fail.
 *
 * @example
 * ```ts
 * offlineReason({ status: 'offline', reason: 'device' }) // "You're offline. This works again once you're back online."
 * ```
 */
export function offlineReason(connectivity: Connectivity): string | null {
  return connectivity.reason === 'device' ? "You're offline. This works again once you're back online." : null
}
