import { useConnectivity } from '../../lib/connectivity/useConnectivity.js'
import { useT } from '../../lib/i18n/index.js'

/** The catalogue key of what the banner says, by why the app is offline. */
export const offlineBannerMessages = {
  device: 'layout.offlineDevice',
  server: 'layout.offlineServer',
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
  const t = useT()
  if (connectivity.status === 'online') return null
  return (
    <p className="offline-banner" role="status" data-reason={connectivity.reason}>
      <span className="offline-banner-dot" aria-hidden="true" />
      {t(offlineBannerMessages[connectivity.reason])}
    </p>
  )
}
