import { useState } from 'react'
import { useT } from '../../lib/i18n/index.js'
import type { SpawnRefusedError } from '../drops/SpawnRefusedError.js'
import type { DevicePositionState } from '../position/watchDevicePosition.js'
import { FirstRunHint } from './FirstRunHint.js'
import { LocationBanner } from './LocationBanner.js'
import { SpawnNotice } from './SpawnNotice.js'

/** Props of {@link MapBanners}. */
export interface MapBannersProps {
  position: DevicePositionState
  /** The default city shown instead of the player, or `null` while the map is on the player. */
  cityName: string | null
  onRetryLocation: () => void
  /** The nearby drops could not load. */
  dropsError: boolean
  /** Nothing on the map yet, the server not heard from: "Looking for drops near you…". */
  searching?: boolean
  /** Why the server will not spawn here for now, if it said so. */
  refusal: SpawnRefusedError | null
  humanVerified: boolean | undefined
  /** A line for the player (a catch whose reveal cannot load…), cleared by the caller. */
  notice: string | null
  /** A drop opened from a link that is not there any more, in words, cleared by the caller. */
  gone?: string | null
  /** A collect from before is being asked about again. */
  resolving: boolean
  /** Show the first-run hint (how collecting works). */
  showHint: boolean
  onDismissHint: () => void
}

/**
 * The banners along the top of the map, in order: location (denied,
 * unavailable, locating), "Looking for drops near you…" while the map has
 * nothing yet and the server has not answered, drops that could not load, the spawn refusal
 * (dismissed per refusal: a later, new one shows again), a linked drop that is gone, the notice line,
 * "Finishing your last catch…", and the first-run hint. Without a location
 * the spawn refusal is not shown: it was the server's answer about a position
 * the map no longer has ("Your location jumped" under "Location is off"
 * contradicts it), and nothing spawns until the location is back.
 *
 * @example
 * ```tsx
 * <MapBanners position={position} cityName={null} onRetryLocation={retry} dropsError={false} refusal={null}
 *   humanVerified={true} notice={null} resolving={false} showHint={false} onDismissHint={dismiss} />
 * ```
 */
export function MapBanners(props: MapBannersProps) {
  const { refusal, notice } = props
  const t = useT()
  const [dismissed, setDismissed] = useState<SpawnRefusedError | null>(null)
  const withoutLocation = props.position.status === 'denied' || props.position.status === 'unavailable'
  return (
    <div className="map-overlay-top">
      <LocationBanner position={props.position} cityName={props.cityName} onRetry={props.onRetryLocation} />
      {props.searching && props.position.status === 'located' && (
        <p className="map-banner map-banner-info" role="status">
          {t('map.looking')}
        </p>
      )}
      {props.dropsError && (
        <p className="map-banner map-banner-warning" role="alert">
          {t('map.dropsError')}
        </p>
      )}
      {refusal && refusal !== dismissed && !withoutLocation && (
        <SpawnNotice refusal={refusal} humanVerified={props.humanVerified} onDismiss={() => setDismissed(refusal)} />
      )}
      {props.gone && (
        <p className="map-banner map-banner-info" role="status" data-testid="map-drop-gone">
          {props.gone}
        </p>
      )}
      {notice && (
        <p className="map-banner map-banner-success" role="status">
          {notice}
        </p>
      )}
      {props.resolving && (
        <p className="map-banner map-banner-info" role="status">
          {t('map.resolving')}
        </p>
      )}
      {props.showHint && <FirstRunHint onDismiss={props.onDismissHint} />}
    </div>
  )
}
