import { type MessageKey, useT } from '../../lib/i18n/index.js'
import type { DevicePositionState, PositionProblem } from '../position/watchDevicePosition.js'

/** Props of {@link LocationBanner}. */
export interface LocationBannerProps {
  position: DevicePositionState
  /**
   * The default city the map shows instead of the player; `null` once the
   * map has been on the player (location turned off later): it stays where
   * it was, so the banner names no city.
   */
  cityName: string | null
  /** Ask the platform for the location again (a new watch). */
  onRetry: () => void
}

/**
 * Says why the map is not on the player: still locating, access denied, or
 * no fix. Nothing once located. Without a location it is one message: what
 * happened, that the map shows the default city to look at only (collecting
 * needs the player's own position), and **Try again**, which asks the
 * platform again, so a player who has just allowed location never needs a
 * reload.
 *
 * @example
 * ```tsx
 * <LocationBanner position={{ status: 'denied' }} cityName="Singapore" onRetry={retry} />
 * ```
 */
const problemKeys = {
  'no-service': 'map.locationNoService',
  timeout: 'map.locationTimeout',
  'no-signal': 'map.locationUnavailable',
} as const satisfies Record<PositionProblem, MessageKey>

export function LocationBanner({ position, cityName, onRetry }: LocationBannerProps) {
  const t = useT()
  switch (position.status) {
    case 'located':
      return null
    case 'locating':
      return (
        <p className="map-banner map-banner-info" role="status">
          {t('map.locating')}
        </p>
      )
    case 'denied':
    case 'unavailable':
      return (
        <div className="map-banner map-banner-warning map-location" role="alert">
          <p className="map-location-text">
            {position.status === 'denied' ? (
              <strong>{t('map.locationOff')}</strong>
            ) : (
              <>
                <strong>{t('map.locationNotFound')}</strong> {t(problemKeys[position.reason])}
              </>
            )}{' '}
            {cityName === null ? t('map.locationNeeded') : t('map.showingCity', { city: cityName })}
            {position.status === 'denied' && ` ${t('map.allowLocation')}`}
          </p>
          <button type="button" className="map-location-retry" onClick={onRetry}>
            {t('common.tryAgain')}
          </button>
        </div>
      )
  }
}
