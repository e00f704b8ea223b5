import type { DevicePositionState } from './watchDevicePosition.js'

/** Props of {@link LocationBanner}. */
export interface LocationBannerProps {
  position: DevicePositionState
  /** The default city the map shows instead of the player. */
  cityName: string
}

/**
 * Says why the map is not on the player: still locating, access denied, or
 * no fix. Nothing once located. Denied gets an explicit way forward, since
 * collecting is impossible without a position.
 *
 * @example
 * ```tsx
 * <LocationBanner position={{ status: 'denied' }} cityName="Singapore" />
 * ```
 */
export function LocationBanner({ position, cityName }: LocationBannerProps) {
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
      return (
        <div className="map-banner map-banner-warning" role="alert">
          <strong>Location access is off.</strong> Showing {cityName}. Allow location for WorldMap in your settings to see and
          collect drops near you.
        </div>
      )
    case 'unavailable':
      return (
        <div className="map-banner map-banner-warning" role="alert">
          <strong>We can't find your location.</strong> {position.reason} Showing {cityName}.
        </div>
      )
  }
}
