import { useT } from '../../lib/i18n/index.js'
import 'maplibre-gl/dist/maplibre-gl.css'
import './mapScreen.css'
import type { LatLng } from '@worldmap/game'
import { type SendHapticFeedbackInput, sendHapticFeedback } from '@worldmap/minikit'
import { type ComponentType, useMemo, useState } from 'react'
import { getSimulatorGeolocation, type SimulatorGeolocation } from '../../lib/simulator/getSimulatorGeolocation.js'
import type { CatchRevealProps } from '../catch/CatchReveal.js'
import type { PendingCollects } from '../collect/pendingCollects.js'
import type { MapDataSource } from '../drops/MapDataSource.js'
import { mapDefaults } from '../drops/mapDefaults.js'
import { arrowTarget } from '../drops/nearestDrop.js'
import { useFoundSpots } from '../drops/useFoundSpots.js'
import { useNearbyDrops } from '../drops/useNearbyDrops.js'
import { useStreakDrops } from '../drops/useStreakDrops.js'
import { useVisibleDrops } from '../drops/useVisibleDrops.js'
import { loadMapLibre as loadMapLibreDefault, type MapLibreModule } from '../mapView/loadMapLibre.js'
import { MapView } from '../mapView/MapView.js'
import { DEFAULT_MAP_STYLE_URL } from '../mapView/resolveMapStyle.js'
import { useMapStyle } from '../mapView/useMapStyle.js'
import { usePlayerLocation } from '../position/usePlayerLocation.js'
import type { GeolocationLike } from '../position/watchDevicePosition.js'
import { MapBanners } from './MapBanners.js'
import { MapSheets } from './MapSheets.js'
import { OfflineMapBadge } from './OfflineMapBadge.js'
import { RecenterButton } from './RecenterButton.js'
import { useClusterList } from './useClusterList.js'
import { getHintStorage, type HintStorage, useFirstRunHint } from './useFirstRunHint.js'
import { useMapCollecting } from './useMapCollecting.js'

/** Props of {@link MapScreen}; everything but `dataSource` has a production default. */
export interface MapScreenProps {
  /** Drops and collecting (Firebase in the app, a fake in tests). */
  dataSource: MapDataSource
  /**
   * Style document URL (the client config's `mapStyleUrl`); `null` draws the
   * offline style at once, without trying the network.
   */
  styleUrl?: string | null
  /** How long to wait for the style before drawing offline, ms. */
  styleTimeoutMs?: number
  /** Shown when location is denied or unavailable. */
  defaultCity?: LatLng & { name: string }
  initialZoom?: number
  /** Defaults to `navigator.geolocation`. */
  geolocation?: GeolocationLike | null
  /** Defaults to `sendHapticFeedback` from `@worldmap/minikit`; the catch reveal plays the success pattern. */
  haptics?: (input: SendHapticFeedbackInput) => Promise<unknown>
  /** Defaults to the lazy `import('maplibre-gl')`. */
  loadMapLibre?: () => Promise<MapLibreModule>
  /** Used for the style probe; defaults to the global `fetch`. */
  fetch?: typeof globalThis.fetch
  /**
   * Whether the player is a verified human (collecting needs it). `false`
   * makes the sheet link to /profile instead of offering a Collect the
   * server would refuse; `undefined` (not known yet) offers Collect.
   */
  humanVerified?: boolean | undefined
  /**
   * The World App simulator's geolocation control, for the sheet's "Walk
   * here (simulator)". Defaults to the simulator in the page, if any — never
   * present in production.
   */
  simulatorGeolocation?: SimulatorGeolocation | undefined
  /**
   * A drop to open (sheet up, camera on it) once it shows up in the live
   * drops: `/map?drop=<id>` from home's nearest drops. An id that never
   * shows up (unknown, expired, collected) is ignored.
   */
  initialDropId?: string | null | undefined
  /** Where the first-run hint's dismissal is kept; defaults to `localStorage` when there is one. */
  hintStorage?: HintStorage | null
  /** Defaults to the lazy catch reveal chunk. */
  loadCatchReveal?: () => Promise<ComponentType<CatchRevealProps>>
  /**
   * The player's pending collects (`createPendingCollects`): a collect is
   * remembered until its reveal has shown, so a reload or a lost reply still
   * ends in the reveal. `null` (the default): not remembered across reloads.
   */
  pendingCollects?: PendingCollects | null
  /** The signed-in player: their own streak rewards show on the map too (`MapDataSource.watchStreakDrops`). */
  playerUid?: string | null
}

/** Where the first-run hint is remembered: the props' (tests), else the device's; read once. */
function useHintStorage(props: MapScreenProps) {
  const [hintStorage] = useState(() => ('hintStorage' in props ? (props.hintStorage ?? null) : getHintStorage()))
  return hintStorage
}

/**
 * The map's world: where the player is, the drops it shows around them (the
 * area's live drops, the server asked to spawn only around the player's own
 * position, and the player's streak rewards, less the spots found today), the
 * reward waiting among them, and the style to draw with (centred on the
 * player once located).
 */
function useMapWorld(props: MapScreenProps, defaultCity: { name: string; lat: number; lng: number }, styleUrl: string | null) {
  const location = usePlayerLocation(props.geolocation, defaultCity)
  const nearby = useNearbyDrops(props.dataSource, location.queryCenter, { spawn: location.playerCenter !== null })
  const rewards = useStreakDrops(props.dataSource, props.playerUid ?? null)
  const live = useMemo(() => (rewards.length === 0 ? nearby.drops : [...nearby.drops, ...rewards]), [nearby.drops, rewards])
  const found = useFoundSpots(props.dataSource, props.playerUid ?? null)
  const visible = useVisibleDrops(live, location.fix, props.playerUid ?? null, found)
  const waitingReward = visible.drops.find((drop) => rewards.some((reward) => reward.id === drop.id)) ?? null
  const { resolved, style } = useMapStyle({
    styleUrl,
    styleTimeoutMs: props.styleTimeoutMs,
    fetch: props.fetch,
    center: location.fix ?? defaultCity,
  })
  return { location, nearby, visible, waitingReward, resolved, style }
}

/**
 * The /map screen: a full-height MapLibre map centred on the player, the
 * 50 m collect ring around their pulsing dot, drops as markers coloured by
 * rarity (pulsing when in reach; common ones clustered when too dense to
 * tap, a tap on the bubble listing them), the player's own streak reward
 * (marked as such), an arrow on the edge to that reward or else the
 * nearest drop when it is off screen, and a sheet to collect a drop in
 * reach; a successful collect plays the catch reveal (its points and goal ring). Falls back to a default city when location is denied or
 * unavailable: read-only (its live drops show, none spawn, Collect says
 * why it is off), with a banner and Try again; the first fix then moves the
 * camera to the player and the game starts, without a reload. Falls back
 * to an offline style when no tile server is configured or reachable.
 * When the server will not spawn new drops here for now, the drops already
 * around stay and a dismissable notice says why. A first-run
 * hint explains the ring until dismissed. A collect is seen through to its
 * reveal exactly once across a slow reply, a lost one, a reload or going
 * offline (`useCollect`); while the device is offline Collect is off and
 * says why. Loaded lazily by the /map page,
 * with MapLibre and its CSS.
 *
 * @example
 * ```tsx
 * const MapScreen = lazy(() => import('../../src/features/map/MapScreen.js'))
 * <MapScreen dataSource={firebaseMapDataSource} styleUrl={getClientConfig().mapStyleUrl} initialDropId="w21z73t-3" />
 * ```
 */
export function MapScreen(props: MapScreenProps) {
  const {
    styleUrl = DEFAULT_MAP_STYLE_URL,
    defaultCity: { name: cityName, lat: cityLat, lng: cityLng } = mapDefaults.city,
    haptics = sendHapticFeedback,
    humanVerified,
  } = props
  // Read once: the simulator is injected before the app starts, or never.
  const [simulator] = useState(() => ('simulatorGeolocation' in props ? props.simulatorGeolocation : getSimulatorGeolocation()))
  const [showHint, dismissHint] = useFirstRunHint(useHintStorage(props))
  // Rebuilt from primitives so an inline `defaultCity={{…}}` does not re-run effects every render.
  const defaultCity = useMemo(() => ({ name: cityName, lat: cityLat, lng: cityLng }), [cityName, cityLat, cityLng])
  const { location, nearby, visible, waitingReward, resolved, style } = useMapWorld(props, defaultCity, styleUrl)
  const { position, fix } = location
  const [recenterRequest, setRecenterRequest] = useState(0)
  const game = useMapCollecting({
    ...props,
    haptics,
    visible,
    fix,
    position,
    simulator,
    onCollected: dismissHint,
    dropsSettled: nearby.delivered,
  })
  const { flow, selected } = game
  const t = useT()
  const clusterList = useClusterList(visible.drops, game.selectDrop, game.closeSheet)
  const nearest = useMemo(() => arrowTarget(visible.drops, fix), [visible.drops, fix])

  return (
    <div className="map-screen" data-style-source={resolved?.source ?? 'pending'}>
      {style ? (
        <MapView
          loadMapLibre={props.loadMapLibre ?? loadMapLibreDefault}
          style={style}
          initialCenter={defaultCity}
          initialZoom={props.initialZoom ?? mapDefaults.zoom}
          player={fix}
          drops={visible.drops}
          inReach={visible.inReach}
          selectedId={selected?.id ?? null}
          onSelectDrop={game.selectDrop}
          onOpenCluster={clusterList.open}
          listedIds={clusterList.ids}
          nearest={nearest}
          recenterRequest={recenterRequest}
          focus={game.cameraFocus}
        />
      ) : (
        <div className="map-view map-view-pending" role="status" aria-label={t('map.loading')} />
      )}
      <MapBanners
        position={position}
        cityName={location.playerCenter ? null : defaultCity.name}
        onRetryLocation={location.retry}
        dropsError={nearby.error !== null}
        searching={nearby.searching}
        refusal={nearby.refusal}
        humanVerified={humanVerified}
        notice={game.notice}
        gone={game.gone}
        resolving={flow.resolving}
        // How collecting works is for a player who can collect: without a location, the banner is the one message.
        showHint={showHint && !selected && !clusterList.drops && !flow.revealing && !location.withoutLocation}
        onDismissHint={dismissHint}
      />
      {resolved?.source === 'local' && <OfflineMapBadge reason={resolved.reason} />}
      {fix && !selected && !clusterList.drops && <RecenterButton onRecenter={() => setRecenterRequest((n) => n + 1)} />}
      <MapSheets
        game={game}
        clusterList={clusterList}
        fix={fix}
        inReach={visible.inReach}
        haptics={haptics}
        waitingReward={waitingReward}
      />
    </div>
  )
}

export default MapScreen
