import { useConnectivity } from '../../lib/connectivity/useConnectivity.js'

/** What the banner says, by why the app is offline. */
export const offlineBannerMessages = {
  device: "You're offline. The game picks up again once you're back online.",
  server: "Can't reach the game right now. Reconnecting…",
} as const

/**
 * The app's one offline banner, under the top bar on every signed-in
 * screen: shown while the device is offline or the database connection has
 * been down past its grace (see `createConnectivityStore`), gone the moment
 * the connection is back. Announced politely: it is news, not an error.
 *
 * @example
 * ```tsx
 * <OfflineBanner />
 * ```
 */
export function OfflineBanner() {
  const connectivity = useConnectivity()
  if (connectivity.status === 'online') return null
  return (
    <p className="offline-banner" role="status" data-reason={connectivity.reason}>
      <span className="offline-banner-dot" aria-hidden="true" />
      {offlineBannerMessages[connectivity.reason]}
    </p>
  )
}
