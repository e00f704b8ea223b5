import { useT } from '../../lib/i18n/index.js'
/** Props of {@link OfflineMapBadge}. */
export interface OfflineMapBadgeProps {
  /** Why the map is drawn offline (an HTTP status, a timeout, no style configured). */
  reason: string
}

/**
 * The small "Offline map" badge shown while the generated offline style is
 * drawn. Why it is offline is for developers, kept in `data-reason`, never
 * on screen.
 *
 * @example
 * ```tsx
 * {resolved?.source === 'local' && <OfflineMapBadge reason={resolved.reason} />}
 * ```
 */
export function OfflineMapBadge({ reason }: OfflineMapBadgeProps) {
  const t = useT()
  return (
    <span className="map-offline-badge" data-reason={reason}>
      {t('map.offlineMap')}
    </span>
  )
}
