import type { DevicePositionState } from './watchDevicePosition.js'

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
export function LocationBanner({ position, cityName, onRetry }: LocationBannerProps) {
  switch (position.status) {
    case 'located':
      return null
    case 'locating':
      return (
        <p className="map-banner map-banner-info" role="status">
          Finding your location…
        </p>
      )
    case 'denied':
    case 'unavailable':
      return (
        <div className="map-banner map-banner-warning map-location" role="alert">
          <p className="map-location-text">
            {position.status === 'denied' ? (
              <strong>Location is off.</strong>
            ) : (
              <>
                <strong>We can't find your location.</strong> {position.reason}
              </>
            )}{' '}
            {cityName === null
              ? 'Collecting needs your location.'
              : `Showing ${cityName}, to look around only: collecting needs your location.`}
            {position.status === 'denied' && " Allow location for World App in your phone's settings, then try again."}
          </p>
          <button type="button" className="map-location-retry" onClick={onRetry}>
            Try again
          </button>
        </div>
      )
  }
}
