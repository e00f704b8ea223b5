import type { Connectivity } from './createConnectivityStore.js'

/**
 * Why an action that needs the server is off right now, as the catalogue key
 * of the text shown next to a disabled button, or `null` when it is on. Only a
 * device without a network turns actions off: with the database connection
 * down (`reason: 'server'`) the callables may well answer, so actions stay
 * offered (the banner says the game is reconnecting) and say so if they fail.
 *
 * @example
 * ```ts
 * const offline = offlineReason(useConnectivity())
 * offline && <p>{t(offline)}</p> // "You're offline. This works again once you're back online."
 * ```
 */
export function offlineReason(connectivity: Connectivity): 'common.offlineAction' | null {
  return connectivity.reason === 'device' ? 'common.offlineAction' : null
}
