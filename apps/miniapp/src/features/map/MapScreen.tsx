import 'maplibre-gl/dist/maplibre-gl.css'
import './mapScreen.css'
import { COLLECT_REACH_METERS, distanceInMeters, type LatLng, MAX_ACCURACY_METERS, type MapDrop } from '@worldmap/game'
import { type SendHapticFeedbackInput, sendHapticFeedback } from '@worldmap/minikit'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { getSimulatorGeolocation, type SimulatorGeolocation } from '../../lib/simulator/getSimulatorGeolocation.js'
import type { CollectDropError } from './CollectDropError.js'
import { createLocalMapStyle } from './createLocalMapStyle.js'
import { DropSheet } from './DropSheet.js'
import { dropName } from './dropName.js'
import { isNewDropsArea } from './isNewDropsArea.js'
import { LocationBanner } from './LocationBanner.js'
import { loadMapLibre as loadMapLibreDefault, type MapLibreModule } from './loadMapLibre.js'
import type { MapDataSource, PositionFix } from './MapDataSource.js'
import { MapView } from './MapView.js'
import { mapDefaults } from './mapDefaults.js'
import { DEFAULT_MAP_STYLE_URL, type ResolvedMapStyle, resolveMapStyle } from './resolveMapStyle.js'
import { SpawnNotice } from './SpawnNotice.js'
import type { SpawnRefusedError } from './SpawnRefusedError.js'
import { toCollectDropError } from './toCollectDropError.js'
import { useAnchoredCenter } from './useAnchoredCenter.js'
import { useDevicePosition } from './useDevicePosition.js'
import { useNearbyDrops } from './useNearbyDrops.js'
import type { GeolocationLike } from './watchDevicePosition.js'

/** Props of {@link MapScreen}; everything but `dataSource` has a production default. */
export interface MapScreenProps {
  /** Drops and collecting (Firebase in the app, a fake in tests). */
  dataSource: MapDataSource
  /** Style document URL; `null` draws the offline style without trying the network. */
  styleUrl?: string | null
  /** How long to wait for the style before drawing offline, ms. */
  styleTimeoutMs?: number
  /** Shown when location is denied or unavailable. */
  defaultCity?: LatLng & { name: string }
  initialZoom?: number
  /** Defaults to `navigator.geolocation`. */
  geolocation?: GeolocationLike | null
  /** Defaults to `sendHapticFeedback` from `@worldmap/minikit`. */
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
}

type CollectState = { status: 'idle' } | { status: 'busy' } | { status: 'failed'; error: CollectDropError }

/** Walking pace, m/s: the slowest a simulated walk goes. */
const WALKING_SPEED = 1.4
/** A simulated walk to a drop takes about this long, so a far drop is not a coffee break away. */
const WALK_SECONDS = 10

/** These failures mean the drop is gone for good: take it off the map. */
const goneCodes = new Set(['already_collected', 'drop_expired', 'drop_not_found'])

/** The offline grid spans ±11 km: redraw it around the player only after a long move. */
const farFromGrid = (anchor: LatLng, target: LatLng) => distanceInMeters(anchor, target) > mapDefaults.gridRecenterMeters

/**
 * The /map screen: a full-height MapLibre map centred on the player, drops as
 * markers coloured by rarity, the player as a pulsing dot, and a sheet to
 * collect a drop within 50 m. Falls back to a default city with a banner when
 * location is denied, and to an offline style when the tile server is
 * unreachable. When the server will not spawn new drops here for now, the
 * drops already around stay and a dismissable notice says why. Loaded lazily by the /map page, with MapLibre and its CSS.
 *
 * @example
 * ```tsx
 * const MapScreen = lazy(() => import('../../src/features/map/MapScreen.js'))
 * <MapScreen dataSource={firebaseMapDataSource} styleUrl={import.meta.env.PUBLIC_ENV__MAP_STYLE_URL} />
 * ```
 */
export function MapScreen(props: MapScreenProps) {
  const {
    dataSource,
    styleUrl = DEFAULT_MAP_STYLE_URL,
    styleTimeoutMs,
    defaultCity: { name: cityName, lat: cityLat, lng: cityLng } = mapDefaults.city,
    initialZoom = mapDefaults.zoom,
    geolocation,
    haptics = sendHapticFeedback,
    loadMapLibre = loadMapLibreDefault,
    fetch,
    humanVerified,
  } = props
  // Read once: the simulator is injected before the app starts, or never.
  const [simulator] = useState(() => ('simulatorGeolocation' in props ? props.simulatorGeolocation : getSimulatorGeolocation()))

  // Rebuilt from primitives so an inline `defaultCity={{…}}` does not re-run effects every render.
  const defaultCity = useMemo(() => ({ name: cityName, lat: cityLat, lng: cityLng }), [cityName, cityLat, cityLng])
  const position = useDevicePosition(geolocation)
  const fix: PositionFix | null = useMemo(
    () => (position.status === 'located' ? { lat: position.lat, lng: position.lng, accuracy: position.accuracy } : null),
    [position],
  )
  // Drops are asked for around the player, or around the default city once we know there is no player.
  const focus = fix ?? (position.status === 'locating' ? null : defaultCity)
  const queryCenter = useAnchoredCenter(focus, isNewDropsArea)
  const { drops, error: dropsError, refusal } = useNearbyDrops(dataSource, queryCenter)
  // Dismissed per refusal: a later, new refusal shows again.
  const [dismissed, setDismissed] = useState<SpawnRefusedError | null>(null)

  const [resolved, setResolved] = useState<ResolvedMapStyle | null>(null)
  useEffect(() => {
    let cancelled = false
    void resolveMapStyle({
      url: styleUrl,
      center: defaultCity,
      ...(styleTimeoutMs === undefined ? {} : { timeoutMs: styleTimeoutMs }),
      ...(fetch ? { fetch } : {}),
    }).then((result) => {
      if (!cancelled) setResolved(result)
    })
    return () => {
      cancelled = true
    }
  }, [styleUrl, styleTimeoutMs, fetch, defaultCity])
  const gridCenter = useAnchoredCenter(fix ?? defaultCity, farFromGrid) ?? defaultCity
  const style = useMemo(
    () => (resolved === null ? null : resolved.source === 'remote' ? resolved.style : createLocalMapStyle(gridCenter)),
    [resolved, gridCenter],
  )

  const [gone, setGone] = useState<ReadonlySet<string>>(new Set())
  const visibleDrops = useMemo(() => drops.filter((drop) => !gone.has(drop.id)), [drops, gone])
  const [selected, setSelected] = useState<MapDrop | null>(null)
  const [collect, setCollect] = useState<CollectState>({ status: 'idle' })
  const [notice, setNotice] = useState<string | null>(null)
  const [recenterRequest, setRecenterRequest] = useState(0)

  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), mapDefaults.noticeMs)
    return () => clearTimeout(timer)
  }, [notice])

  const playHaptic = useCallback(
    (style: 'success' | 'error') => {
      // Outside World App the command is unavailable; a missing buzz must never break collecting.
      try {
        haptics({ hapticsType: 'notification', style }).catch(() => {})
      } catch {}
    },
    [haptics],
  )

  const selectDrop = useCallback(
    (dropId: string) => {
      const drop = visibleDrops.find((candidate) => candidate.id === dropId)
      if (!drop) return
      setSelected(drop)
      setCollect({ status: 'idle' })
    },
    [visibleDrops],
  )

  const closeSheet = useCallback(() => {
    setSelected(null)
    setCollect({ status: 'idle' })
  }, [])

  const distance = selected && fix ? distanceInMeters(fix, selected) : null
  const stillThere = selected !== null && visibleDrops.some((drop) => drop.id === selected.id)
  let hint: string | null = null
  if (selected) {
    if (!stillThere) hint = 'This drop is no longer here.'
    else if (position.status === 'locating') hint = 'Finding your location…'
    else if (!fix) hint = 'Turn on location to collect drops.'
    else if (fix.accuracy > MAX_ACCURACY_METERS) hint = `Waiting for a more accurate location (±${Math.round(fix.accuracy)} m).`
    // The plain reach, without the server's accuracy bonus: an enabled Collect is one the server accepts.
    else if (distance !== null && distance > COLLECT_REACH_METERS) hint = `Move within ${COLLECT_REACH_METERS} m to collect.`
  }
  const canCollect = selected !== null && hint === null
  // Not verified as far as we know, or the server just said so.
  const verifyFirst =
    humanVerified === false || (collect.status === 'failed' && collect.error.code === 'not_verified' && humanVerified !== true)

  const walkHere =
    simulator && selected
      ? () => {
          const speed = distance === null ? undefined : Math.max(WALKING_SPEED, distance / WALK_SECONDS)
          simulator.walk([{ lat: selected.lat, lng: selected.lng }], speed)
        }
      : undefined

  const collectSelected = async () => {
    if (!selected || !fix || !canCollect || collect.status === 'busy') return
    const drop = selected
    setCollect({ status: 'busy' })
    try {
      await dataSource.collect(drop.id, fix)
      setGone((previous) => new Set(previous).add(drop.id))
      setSelected(null)
      setCollect({ status: 'idle' })
      setNotice(`${dropName(drop.kind)} added to your inventory.`)
      playHaptic('success')
    } catch (error) {
      const failure = toCollectDropError(error)
      if (goneCodes.has(failure.code)) setGone((previous) => new Set(previous).add(drop.id))
      setCollect({ status: 'failed', error: failure })
      playHaptic('error')
    }
  }

  return (
    <div className="map-screen" data-style-source={resolved?.source ?? 'pending'}>
      {style ? (
        <MapView
          loadMapLibre={loadMapLibre}
          style={style}
          initialCenter={defaultCity}
          initialZoom={initialZoom}
          player={fix}
          drops={visibleDrops}
          selectedId={selected?.id ?? null}
          onSelectDrop={selectDrop}
          recenterRequest={recenterRequest}
        />
      ) : (
        <div className="map-view map-view-pending" role="status" aria-label="Loading the map" />
      )}
      <div className="map-overlay-top">
        <LocationBanner position={position} cityName={defaultCity.name} />
        {dropsError && (
          <p className="map-banner map-banner-warning" role="alert">
            Drops nearby could not load. Check your connection.
          </p>
        )}
        {refusal && refusal !== dismissed && (
          <SpawnNotice refusal={refusal} humanVerified={humanVerified} onDismiss={() => setDismissed(refusal)} />
        )}
        {notice && (
          <p className="map-banner map-banner-success" role="status">
            {notice}
          </p>
        )}
      </div>
      {resolved?.source === 'local' && (
        <span className="map-offline-badge" title={resolved.reason}>
          Offline map
        </span>
      )}
      {fix && !selected && (
        <button
          type="button"
          className="map-recenter"
          aria-label="Centre on my position"
          onClick={() => setRecenterRequest((n) => n + 1)}
        >
          ◎
        </button>
      )}
      {selected && (
        <DropSheet
          drop={selected}
          distance={distance}
          canCollect={canCollect}
          busy={collect.status === 'busy'}
          error={collect.status === 'failed' ? collect.error.message : null}
          hint={hint}
          verifyFirst={verifyFirst}
          onWalkHere={walkHere}
          onCollect={() => void collectSelected()}
          onClose={closeSheet}
        />
      )}
    </div>
  )
}

export default MapScreen
