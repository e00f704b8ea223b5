import 'maplibre-gl/dist/maplibre-gl.css'
import './mapScreen.css'
import { COLLECT_REACH_METERS, distanceInMeters, type LatLng, MAX_ACCURACY_METERS, type MapDrop } from '@worldmap/game'
import { type SendHapticFeedbackInput, sendHapticFeedback } from '@worldmap/minikit'
import { type ComponentType, useCallback, useEffect, useMemo, useState } from 'react'
import { useConnectivity } from '../../lib/connectivity/useConnectivity.js'
import { getSimulatorGeolocation, type SimulatorGeolocation } from '../../lib/simulator/getSimulatorGeolocation.js'
import type { CatchRevealProps } from '../catch/CatchReveal.js'
import { createLocalMapStyle } from './createLocalMapStyle.js'
import { DropSheet } from './DropSheet.js'
import { FirstRunHint } from './FirstRunHint.js'
import { isInReach } from './isInReach.js'
import { isNewDropsArea } from './isNewDropsArea.js'
import { LocationBanner } from './LocationBanner.js'
import { loadCatchReveal as loadCatchRevealDefault } from './loadCatchReveal.js'
import { loadMapLibre as loadMapLibreDefault, type MapLibreModule } from './loadMapLibre.js'
import type { MapDataSource, PositionFix } from './MapDataSource.js'
import { MapView } from './MapView.js'
import { mapDefaults } from './mapDefaults.js'
import type { PendingCollects } from './pendingCollects.js'
import { DEFAULT_MAP_STYLE_URL, type ResolvedMapStyle, resolveMapStyle } from './resolveMapStyle.js'
import { SpawnNotice } from './SpawnNotice.js'
import type { SpawnRefusedError } from './SpawnRefusedError.js'
import { useAnchoredCenter } from './useAnchoredCenter.js'
import { isUnsettled, useCollect } from './useCollect.js'
import { useColorScheme } from './useColorScheme.js'
import { useDevicePosition } from './useDevicePosition.js'
import { getHintStorage, type HintStorage, useFirstRunHint } from './useFirstRunHint.js'
import { useNearbyDrops } from './useNearbyDrops.js'
import type { GeolocationLike } from './watchDevicePosition.js'

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
}

const offlineByConfiguration: ResolvedMapStyle = { source: 'local', reason: 'No map style configured.' }

/** Walking pace, m/s: the slowest a simulated walk goes. */
const WALKING_SPEED = 1.4
/** A simulated walk to a drop takes about this long, so a far drop is not a coffee break away. */
const WALK_SECONDS = 10

/** The offline town reaches ±3 km: redraw it around the player after a long walk (it is anchored, so nothing moves). */
const farFromGrid = (anchor: LatLng, target: LatLng) => distanceInMeters(anchor, target) > mapDefaults.gridRecenterMeters

/**
 * The /map screen: a full-height MapLibre map centred on the player, the
 * 50 m collect ring around their pulsing dot, drops as markers coloured by
 * rarity (pulsing when in reach, clustered when too dense to tap), and a
 * sheet to collect a drop in reach; a successful collect plays the catch
 * reveal. Falls back to a default city when location is denied or
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
    initialDropId = null,
    loadCatchReveal = loadCatchRevealDefault,
    pendingCollects = null,
  } = props
  // Read once: the simulator is injected before the app starts, or never.
  const [simulator] = useState(() => ('simulatorGeolocation' in props ? props.simulatorGeolocation : getSimulatorGeolocation()))
  const [hintStorage] = useState(() => ('hintStorage' in props ? (props.hintStorage ?? null) : getHintStorage()))
  const [showHint, dismissHint] = useFirstRunHint(hintStorage)

  // Rebuilt from primitives so an inline `defaultCity={{…}}` does not re-run effects every render.
  const defaultCity = useMemo(() => ({ name: cityName, lat: cityLat, lng: cityLng }), [cityName, cityLat, cityLng])
  const [position, retryLocation] = useDevicePosition(geolocation)
  const withoutLocation = position.status === 'denied' || position.status === 'unavailable'
  const fix: PositionFix | null = useMemo(
    () => (position.status === 'located' ? { lat: position.lat, lng: position.lng, accuracy: position.accuracy } : null),
    [position],
  )
  // Drops spawn around the player only. Once we know there is no player, the default city's drops are
  // read, never spawned: the server would take the city for the player's position (and its travel check
  // would then refuse the real one when location comes back).
  const playerCenter = useAnchoredCenter(fix, isNewDropsArea)
  // Anchored too, so a Try again (locating for a moment) keeps the city's drops instead of re-reading them.
  const cityCenter = useAnchoredCenter(position.status === 'locating' ? null : defaultCity, isNewDropsArea)
  const queryCenter = playerCenter ?? cityCenter
  const { drops, error: dropsError, refusal } = useNearbyDrops(dataSource, queryCenter, { spawn: playerCenter !== null })
  // Dismissed per refusal: a later, new refusal shows again.
  const [dismissed, setDismissed] = useState<SpawnRefusedError | null>(null)

  // No style configured: the offline style, at once, and not a single request.
  const [resolved, setResolved] = useState<ResolvedMapStyle | null>(() => (styleUrl === null ? offlineByConfiguration : null))
  useEffect(() => {
    if (styleUrl === null) {
      setResolved(offlineByConfiguration)
      return
    }
    let cancelled = false
    void resolveMapStyle({
      url: styleUrl,
      ...(styleTimeoutMs === undefined ? {} : { timeoutMs: styleTimeoutMs }),
      ...(fetch ? { fetch } : {}),
    }).then((result) => {
      if (!cancelled) setResolved(result)
    })
    return () => {
      cancelled = true
    }
  }, [styleUrl, styleTimeoutMs, fetch])
  const gridCenter = useAnchoredCenter(fix ?? defaultCity, farFromGrid) ?? defaultCity
  // The offline map follows the phone's light/dark setting, live (a remote style has one look).
  const colorScheme = useColorScheme()
  const style = useMemo(
    () =>
      resolved === null ? null : resolved.source === 'remote' ? resolved.style : createLocalMapStyle(gridCenter, colorScheme),
    [resolved, gridCenter, colorScheme],
  )

  const [gone, setGone] = useState<ReadonlySet<string>>(new Set())
  const visibleDrops = useMemo(() => drops.filter((drop) => !gone.has(drop.id)), [drops, gone])
  const inReach = useMemo(
    () => new Set(visibleDrops.filter((drop) => isInReach(fix, drop)).map((drop) => drop.id)),
    [visibleDrops, fix],
  )
  const [selected, setSelected] = useState<MapDrop | null>(null)
  // A catch whose reveal cannot load yet, a pending catch refused for good: said in plain words.
  const [notice, setNotice] = useState<string | null>(null)
  const [recenterRequest, setRecenterRequest] = useState(0)
  const [cameraFocus, setCameraFocus] = useState<LatLng | null>(null)

  const playHaptic = useCallback(
    (style: 'success' | 'error') => {
      // Outside World App the command is unavailable; a missing buzz must never break collecting.
      try {
        haptics({ hapticsType: 'notification', style }).catch(() => {})
      } catch {}
    },
    [haptics],
  )

  const connectivity = useConnectivity()
  const offline = connectivity.status === 'offline'
  // Only a device without a network turns Collect off: with the database down the callable may still answer.
  const deviceOffline = connectivity.reason === 'device'
  const flow = useCollect({
    dataSource,
    pending: pendingCollects,
    loadCatchReveal,
    offline,
    deviceOffline,
    haptic: playHaptic,
    onNotice: setNotice,
    onGone: (dropId) => setGone((previous) => new Set(previous).add(dropId)),
    onCollected: (dropId) => {
      setSelected((previous) => (previous?.id === dropId ? null : previous))
      // They have collected: the hint has done its job.
      dismissHint()
    },
  })
  const { reset: resetCollect, caught } = flow
  const collectState = flow.state.status !== 'idle' && flow.state.dropId === selected?.id ? flow.state : null
  // A collect of the selected drop is out, or may still have gone through.
  const ownCollectOut = collectState !== null && (collectState.status !== 'failed' || isUnsettled(collectState.error.code))

  // /map?drop=<id>: open that drop as soon as the live list has it; a tap elsewhere cancels.
  const [requestedDropId, setRequestedDropId] = useState<string | null>(initialDropId)
  useEffect(() => setRequestedDropId(initialDropId), [initialDropId])
  useEffect(() => {
    if (requestedDropId === null) return
    const drop = visibleDrops.find((candidate) => candidate.id === requestedDropId)
    if (!drop) return
    setRequestedDropId(null)
    setSelected(drop)
    resetCollect()
    setCameraFocus({ lat: drop.lat, lng: drop.lng })
  }, [requestedDropId, visibleDrops, resetCollect])

  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), mapDefaults.noticeMs)
    return () => clearTimeout(timer)
  }, [notice])

  const selectDrop = useCallback(
    (dropId: string) => {
      const drop = visibleDrops.find((candidate) => candidate.id === dropId)
      if (!drop) return
      setRequestedDropId(null)
      setSelected(drop)
      resetCollect()
    },
    [visibleDrops, resetCollect],
  )

  const closeSheet = useCallback(() => {
    setSelected(null)
    resetCollect()
  }, [resetCollect])

  const distance = selected && fix ? distanceInMeters(fix, selected) : null
  const stillThere = selected !== null && visibleDrops.some((drop) => drop.id === selected.id)
  let hint: string | null = null
  if (selected) {
    // Our own collect may be what took it off the live list (the database is quicker than the reply).
    if (!stillThere && !ownCollectOut) hint = 'This drop is no longer here.'
    else if (deviceOffline) hint = "You're offline. You can collect once you're back online."
    else if (position.status === 'locating') hint = 'Finding your location…'
    else if (!fix) hint = 'Turn on location to collect drops.'
    else if (fix.accuracy > MAX_ACCURACY_METERS) hint = `Waiting for a more accurate location (±${Math.round(fix.accuracy)} m).`
    // The plain reach, without the server's accuracy bonus: an enabled Collect is one the server accepts.
    else if (distance !== null && distance > COLLECT_REACH_METERS) hint = `Move within ${COLLECT_REACH_METERS} m to collect.`
  }
  const canCollect = selected !== null && hint === null
  // Not verified as far as we know, or the server just said so.
  const verifyFirst =
    humanVerified === false ||
    (collectState?.status === 'failed' && collectState.error.code === 'not_verified' && humanVerified !== true)

  const walkHere =
    simulator && selected
      ? () => {
          const speed = distance === null ? undefined : Math.max(WALKING_SPEED, distance / WALK_SECONDS)
          simulator.walk([{ lat: selected.lat, lng: selected.lng }], speed)
        }
      : undefined

  const busy = collectState?.status === 'busy'
  const collectSelected = () => {
    if (!selected || !fix || !canCollect || busy) return
    flow.collect(selected, fix)
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
          inReach={inReach}
          selectedId={selected?.id ?? null}
          onSelectDrop={selectDrop}
          recenterRequest={recenterRequest}
          focus={cameraFocus}
        />
      ) : (
        <div className="map-view map-view-pending" role="status" aria-label="Loading the map" />
      )}
      <div className="map-overlay-top">
        <LocationBanner position={position} cityName={playerCenter ? null : defaultCity.name} onRetry={retryLocation} />
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
        {flow.resolving && (
          <p className="map-banner map-banner-info" role="status">
            Finishing your last catch…
          </p>
        )}
        {/* How collecting works is for a player who can collect: without a location, the banner is the one message. */}
        {showHint && !selected && !caught && !withoutLocation && <FirstRunHint onDismiss={dismissHint} />}
      </div>
      {resolved?.source === 'local' && (
        // Why it is offline is for developers (an HTTP status, a timeout), never on screen.
        <span className="map-offline-badge" data-reason={resolved.reason}>
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
          busy={busy}
          error={collectState && collectState.status !== 'busy' ? collectState.error.message : null}
          retry={collectState !== null && collectState.status !== 'busy' && isUnsettled(collectState.error.code)}
          waiting={deviceOffline && ownCollectOut && !busy}
          hint={hint}
          verifyFirst={verifyFirst}
          onWalkHere={walkHere}
          onCollect={collectSelected}
          onClose={closeSheet}
        />
      )}
      {caught && (
        <caught.Reveal
          item={caught.item}
          firstFind={caught.firstFind}
          count={caught.count}
          haptic={haptics}
          onDismiss={flow.dismissCaught}
        />
      )}
    </div>
  )
}

export default MapScreen
