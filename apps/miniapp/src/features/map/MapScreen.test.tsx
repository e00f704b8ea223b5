// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import {
  COLLECT_REACH_METERS,
  cellOf,
  databasePaths,
  distanceInMeters,
  EARTH_RADIUS_METERS,
  formatDropId,
  type MapDrop,
  SPAWN_WINDOW_MS,
  watchCellOf,
} from '@worldmap/game'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { fakeConnectivity } from '../../../test/fakeConnectivity.js'
import { ConnectivityContext } from '../../lib/connectivity/ConnectivityContext.js'
import type { Connectivity, ConnectivityStore } from '../../lib/connectivity/createConnectivityStore.js'
import { id as indonesian } from '../../lib/i18n/catalogues/id/index.js'
import { I18nProvider } from '../../lib/i18n/index.js'
import type { CatchRevealProps } from '../catch/CatchReveal.js'
import { CollectDropError } from '../collect/CollectDropError.js'
import { COLLECT_TIMEOUT_MS } from '../collect/createCollectQueue.js'
import { createPendingCollects } from '../collect/pendingCollects.js'
import { createFirebaseMapDataSource, type MapBackend } from '../dropFeed/createFirebaseMapDataSource.js'
import { forgetHiddenDrops } from '../drops/hiddenDrops.js'
import type { CollectDropResult, FoundSpots, LatLng, MapDataSource, PositionFix } from '../drops/MapDataSource.js'
import { SpawnRefusedError } from '../drops/SpawnRefusedError.js'
import type { GeolocationLike } from '../position/watchDevicePosition.js'
import { MapScreen, type MapScreenProps } from './MapScreen.js'
import { GONE_GRACE_MS } from './useDropPicking.js'
import { type HintStorage, MAP_HINT_STORAGE_KEY } from './useFirstRunHint.js'

// MapLibre mocked at the module boundary: a Map that records what the screen
// asks of it, and Markers that put their element into the container, so the
// DOM reads like the real thing (markers are DOM elements there too).
const maplibre = vi.hoisted(() => {
  type LngLat = [number, number]
  const state = {
    maps: [] as FakeMap[],
    workerUrl: '' as string,
    failConstructor: null as Error | null,
  }
  type Style = { sources: Record<string, unknown>; layers: { id: string }[] }
  class FakeMap {
    options: {
      container: HTMLElement
      style: Style
      center: LngLat
      zoom: number
      transformStyle?: (previous: unknown, next: Style) => Style
    }
    jumps: unknown[] = []
    eases: unknown[] = []
    fits: { bounds: [LngLat, LngLat]; options: unknown }[] = []
    styles: unknown[] = []
    /** The style as MapLibre would hold it: the last one set, through `transformStyle`. */
    current: Style
    /** Every `setData` on a source, by source id. */
    sourceData = new Map<string, unknown[]>()
    listeners = new Map<string, (() => void)[]>()
    zoom: number
    /** Where the camera is: the initial centre, then each jump or ease. */
    center: LngLat
    removed = false
    constructor(options: FakeMap['options']) {
      if (state.failConstructor) throw state.failConstructor
      this.options = options
      this.center = options.center
      this.current = options.style
      this.zoom = options.zoom
      state.maps.push(this)
    }
    on(event: string, listener: () => void) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
      return this
    }
    /** Fire a map event at the screen's listeners. */
    fire(event: string) {
      for (const listener of this.listeners.get(event) ?? []) listener()
    }
    getZoom() {
      return this.zoom
    }
    fitBounds(bounds: [LngLat, LngLat], options: unknown) {
      this.fits.push({ bounds, options })
    }
    getSource(id: string) {
      if (!(id in this.current.sources)) return undefined
      return { setData: (data: unknown) => this.sourceData.set(id, [...(this.sourceData.get(id) ?? []), data]) }
    }
    once(event: string, listener: () => void) {
      if (event === 'load') queueMicrotask(listener)
      return this
    }
    jumpTo(options: { center?: LngLat }) {
      this.jumps.push(options)
      if (options.center) this.center = options.center
    }
    easeTo(options: { center?: LngLat }) {
      this.eases.push(options)
      if (options.center) this.center = options.center
    }
    off(event: string, listener: () => void) {
      this.listeners.set(
        event,
        (this.listeners.get(event) ?? []).filter((candidate) => candidate !== listener),
      )
      return this
    }
    /** A phone-sized map (390 × 700 px). */
    getContainer() {
      return { clientWidth: 390, clientHeight: 700 }
    }
    /** Web Mercator at the current zoom, the centre in the middle of {@link getContainer}'s box. */
    project([lng, lat]: LngLat) {
      const size = 512 * 2 ** this.zoom
      const pixel = ([x, y]: LngLat) => {
        const sin = Math.sin((y * Math.PI) / 180)
        return [((x + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size] as const
      }
      const [tx, ty] = pixel([lng, lat])
      const [cx, cy] = pixel(this.center)
      return { x: 195 + tx - cx, y: 350 + ty - cy }
    }
    setStyle(style: Style) {
      this.styles.push(style)
      this.current = this.options.transformStyle ? this.options.transformStyle(this.current, style) : style
    }
    remove() {
      this.removed = true
    }
  }
  class FakeMarker {
    element: HTMLElement
    lngLat: LngLat | undefined
    constructor(options: { element: HTMLElement }) {
      this.element = options.element
    }
    setLngLat(lngLat: LngLat) {
      this.lngLat = lngLat
      this.element.dataset.lngLat = lngLat.join(',')
      return this
    }
    addTo(map: FakeMap) {
      // Like MapLibre, which projects the position while adding.
      if (!this.lngLat) throw new TypeError("Cannot read properties of undefined (reading 'lng')")
      map.options.container.append(this.element)
      return this
    }
    getElement() {
      return this.element
    }
    setOffset(offset: [number, number]) {
      this.element.dataset.offset = offset.join(',')
      return this
    }
    remove() {
      this.element.remove()
      return this
    }
  }
  return {
    state,
    module: {
      Map: FakeMap,
      Marker: FakeMarker,
      setWorkerUrl: (url: string) => {
        state.workerUrl = url
      },
    },
  }
})
vi.mock('maplibre-gl', () => maplibre.module)

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180
const here = { lat: 1.3, lng: 103.8 }
/** A point `meters` due north of `from`. */
const north = (meters: number, from: LatLng = here): LatLng => ({ lat: from.lat + meters / METERS_PER_DEGREE, lng: from.lng })

const drop = (id: string, at: LatLng, rarity: MapDrop['rarity'] = 'rare', kind: MapDrop['kind'] = 'gem'): MapDrop => ({
  id,
  ...at,
  kind,
  rarity,
  expiresAt: Number.MAX_SAFE_INTEGER,
})

function fakeGeolocation() {
  let success: PositionCallback | undefined
  let failure: PositionErrorCallback | null | undefined
  let watches = 0
  const geolocation = {
    // The latest watch is the live one: a retry clears the old one and starts another.
    watchPosition: vi.fn((onSuccess: PositionCallback, onError?: PositionErrorCallback | null) => {
      success = onSuccess
      failure = onError
      return ++watches
    }),
    clearWatch: vi.fn(),
  } satisfies GeolocationLike
  return {
    geolocation,
    moveTo(at: LatLng, accuracy = 10) {
      act(() => success?.({ coords: { latitude: at.lat, longitude: at.lng, accuracy } } as GeolocationPosition))
    },
    deny() {
      act(() => failure?.({ code: 1, message: 'denied' } as GeolocationPositionError))
    },
    fail(code: 2 | 3) {
      act(() => failure?.({ code, message: 'no fix' } as GeolocationPositionError))
    },
  }
}

function fakeDataSource() {
  const subscriptions: {
    center: LatLng
    onDrops: (drops: readonly MapDrop[]) => void
    onError: (e: Error) => void
    onRefusal: ((refusal: SpawnRefusedError | null) => void) | undefined
    spawn: boolean
    active: boolean
  }[] = []
  const collect = vi.fn<(dropId: string, fix: PositionFix) => Promise<CollectDropResult>>()
  const source: MapDataSource = {
    watchDrops(center, onDrops, onError, onRefusal, options) {
      const subscription = { center, onDrops, onError, onRefusal, spawn: options?.spawn ?? true, active: true }
      subscriptions.push(subscription)
      return () => {
        subscription.active = false
      }
    },
    collect,
  }
  return {
    source,
    subscriptions,
    collect,
    /** Push a new live list to every active subscriber. */
    emit(drops: MapDrop[]) {
      act(() => {
        for (const s of subscriptions) if (s.active) s.onDrops(drops)
      })
    },
    /** The server refused (or, with `null`, allowed again) spawning around the active subscribers. */
    refuse(refusal: SpawnRefusedError | null) {
      act(() => {
        for (const s of subscriptions) if (s.active) s.onRefusal?.(refusal)
      })
    },
  }
}

const offline = async () => {
  throw new TypeError('Failed to fetch')
}

/** A stand-in for the catch reveal chunk: renders what it was given. */
function FakeReveal({ caught: { item, firstFind, count }, onDismiss, haptic }: CatchRevealProps) {
  return (
    <div role="dialog" aria-label="You found">
      {`${item.rarity} ${item.kind}, ${firstFind ? 'New!' : `You have ${count}`}, haptic ${haptic ? 'given' : 'default'}`}
      <button type="button" onClick={onDismiss}>
        Continue
      </button>
    </div>
  )
}

/** A reveal that shows the reward it was told about, with its "Show me". */
function RewardReveal({ streakReward, onDismiss }: CatchRevealProps) {
  return (
    <div role="dialog" aria-label="You found">
      {streakReward
        ? `reward day ${streakReward.streakDay}: ${streakReward.item.rarity} ${streakReward.item.kind}, ${Math.round(streakReward.meters)} m ${streakReward.direction}`
        : 'no reward'}
      {streakReward && (
        <button type="button" onClick={streakReward.onShow}>
          Show me
        </button>
      )}
      <button type="button" onClick={onDismiss}>
        Continue
      </button>
    </div>
  )
}

function renderScreen(overrides: Partial<MapScreenProps> = {}) {
  const device = fakeGeolocation()
  const data = fakeDataSource()
  const haptics = vi.fn(async () => ({}))
  const view = render(
    <MapScreen
      dataSource={data.source}
      geolocation={device.geolocation}
      haptics={haptics}
      fetch={offline}
      styleUrl="https://tiles.test/style.json"
      hintStorage={null}
      loadCatchReveal={async () => FakeReveal}
      {...overrides}
    />,
  )
  return { device, data, haptics, view }
}

/** Render, locate the player at `here`, and show `drops`; resolves once the markers are on the map. */
async function renderWithDrops(drops: MapDrop[], overrides: Partial<MapScreenProps> = {}) {
  const rendered = renderScreen(overrides)
  rendered.device.moveTo(here)
  rendered.data.emit(drops)
  await waitFor(() => expect(document.querySelectorAll('.map-drop')).toHaveLength(drops.length))
  return rendered
}

const marker = (id: string) => document.querySelector<HTMLButtonElement>(`.map-drop[data-drop-id="${id}"]`)
const clusters = () => [...document.querySelectorAll<HTMLButtonElement>('.map-cluster')]
/** The sheet's Collect button (it reads "Try again" after a failure that may still go through). */
const collectButton = () =>
  within(document.querySelector<HTMLElement>('.drop-sheet') ?? document.body).getByRole('button', {
    name: /^(Collect|Try again$)/,
  }) as HTMLButtonElement

beforeEach(() => {
  maplibre.state.maps.length = 0
  maplibre.state.failConstructor = null
  forgetHiddenDrops()
})

describe('MapScreen', () => {
  test('behavior: "Looking for drops near you…" while the first list has not come (the server not heard from); an error or a list ends it, a later area keeps the list shown', async () => {
    const { device, data } = renderScreen()
    const looking = () => screen.queryByText('Looking for drops near you…')
    expect(looking()).toBeNull()
    device.moveTo(here)
    await waitFor(() => expect(looking()).not.toBeNull())
    data.emit([])
    expect(looking()).toBeNull()
    // A new area while drops are shown: the old ones stay, no search line over them.
    data.emit([drop('a', north(30))])
    device.moveTo(north(3_000))
    await waitFor(() => expect(data.subscriptions.filter((s) => s.active)).toHaveLength(1))
    expect(data.subscriptions.at(-1)?.center).not.toEqual(here)
    expect(looking()).toBeNull()
    // Location off: no search line either, only the location banner.
    device.deny()
    expect(looking()).toBeNull()
  })

  test('error: the drops failing to load ends the search line: the error says what happened', async () => {
    const { device, data } = renderScreen()
    device.moveTo(here)
    await screen.findByText('Looking for drops near you…')
    act(() => data.subscriptions.at(-1)?.onError(new Error('permission_denied')))
    expect(screen.queryByText('Looking for drops near you…')).toBeNull()
    expect(screen.getByText('Drops nearby could not load. Check your connection.')).toBeTruthy()
  })

  test('default: the map centred on the player, drops coloured by rarity with labels, and the position dot', async () => {
    const { data } = await renderWithDrops([drop('a', north(30), 'legendary', 'relic'), drop('b', north(400), 'common', 'coin')])
    const [map] = maplibre.state.maps
    expect(map?.options.zoom).toBe(16)
    // The style probe failed, so the map draws the offline style, and says so.
    expect(document.querySelector('.map-screen')?.getAttribute('data-style-source')).toBe('local')
    expect(screen.getByText('Offline map')).toBeTruthy()
    // The offline town, with the collect ring on top.
    expect(map?.options.style.layers.map((l) => l.id)).toEqual([
      'land',
      'park',
      'water',
      'block',
      'street-casing',
      'street',
      'road-casing',
      'road',
      'worldmap-reach-fill',
      'worldmap-reach-line',
    ])
    expect(maplibre.state.workerUrl).toMatch(/maplibre-gl-worker\.mjs/)

    const a = marker('a')
    expect(a?.getAttribute('aria-label')).toBe('Legendary Relic, in reach, 30 m away')
    expect(a?.dataset.inReach).toBe('true')
    expect(marker('b')?.dataset.inReach).toBe('false')
    expect(a?.style.getPropertyValue('--drop-color')).toBe('#f0a500')
    expect(a?.dataset.lngLat).toBe(`${here.lng},${north(30).lat}`)
    expect(marker('b')?.getAttribute('aria-label')).toBe('Common Coin, 400 m away')
    expect(marker('b')?.style.getPropertyValue('--drop-color')).toBe('#8a949e')

    const dot = screen.getByRole('img', { name: 'Your position' })
    expect(dot.dataset.lngLat).toBe(`${here.lng},${here.lat}`)
    expect(data.subscriptions.map((s) => s.center)).toEqual([here])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test('behavior: tapping a drop opens its sheet with name, rarity and distance; Close and Escape shut it', async () => {
    await renderWithDrops([drop('a', north(42), 'epic', 'compass')])
    fireEvent.click(marker('a') as HTMLElement)
    const sheet = screen.getByRole('dialog', { name: 'Compass' })
    expect(within(sheet).getByText('Epic')).toBeTruthy()
    expect(within(sheet).getByText('42 m away')).toBeTruthy()
    expect(marker('a')?.getAttribute('aria-pressed')).toBe('true')

    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()

    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('behavior: Collect is enabled at 49 m and disabled at 51 m', async () => {
    await renderWithDrops([drop('near', north(49)), drop('far', north(51))])
    fireEvent.click(marker('near') as HTMLElement)
    expect(collectButton().disabled).toBe(false)

    fireEvent.click(marker('far') as HTMLElement)
    expect(screen.getByText('51 m away')).toBeTruthy()
    expect(collectButton().disabled).toBe(true)
    expect(screen.getByText('Move within 50 m to collect.')).toBeTruthy()
  })

  test('behavior: walking into reach enables Collect; a fix worse than 100 m does not', async () => {
    const { device } = await renderWithDrops([drop('a', north(80))])
    fireEvent.click(marker('a') as HTMLElement)
    expect(collectButton().disabled).toBe(true)
    device.moveTo(north(40))
    expect(screen.getByText('40 m away')).toBeTruthy()
    expect(collectButton().disabled).toBe(false)
    device.moveTo(north(40), 150)
    expect(collectButton().disabled).toBe(true)
    expect(screen.getByText('Waiting for a more accurate location (±150 m).')).toBeTruthy()
  })

  test('behavior: Collect is busy while the server works, then the drop leaves the map and the catch is revealed', async () => {
    const { data, haptics } = await renderWithDrops([drop('a', north(20), 'rare', 'feather'), drop('b', north(300))])
    let finish: (value: Awaited<ReturnType<MapDataSource['collect']>>) => void = () => {}
    data.collect.mockReturnValue(new Promise((resolve) => (finish = resolve)))

    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    expect(collectButton().textContent).toBe('Collecting…')
    expect(collectButton().disabled).toBe(true)
    expect(collectButton().getAttribute('aria-busy')).toBe('true')
    // A second tap while busy sends nothing.
    fireEvent.click(collectButton())
    expect(data.collect).toHaveBeenCalledTimes(1)
    expect(data.collect).toHaveBeenCalledWith('a', { ...here, accuracy: 10 })

    await act(async () =>
      finish({ itemId: 'a', distance: 20, item: { kind: 'feather', rarity: 'rare' }, firstFind: false, count: 3 }),
    )
    expect(screen.queryByRole('dialog', { name: 'Feather' })).toBeNull()
    expect(marker('a')).toBeNull()
    expect(marker('b')).not.toBeNull()
    // The reveal stays until dismissed, and plays the haptics itself (through the screen's haptics).
    const reveal = await screen.findByRole('dialog', { name: 'You found' })
    expect(reveal.textContent).toContain('rare feather, You have 3, haptic given')
    expect(haptics).not.toHaveBeenCalled()
    expect(screen.queryByRole('status')).toBeNull()
    fireEvent.click(within(reveal).getByRole('button', { name: 'Continue' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    // Still gone when the live list has not caught up yet.
    data.emit([drop('a', north(20), 'rare', 'feather'), drop('b', north(300))])
    expect(marker('a')).toBeNull()
  })

  test('behavior: a first find says "New!"; an older server without the details reveals the drop as an ordinary find', async () => {
    const { data } = await renderWithDrops([drop('a', north(10), 'epic', 'relic'), drop('b', north(-10), 'common', 'coin')])
    data.collect.mockResolvedValueOnce({
      itemId: 'a',
      distance: 10,
      item: { kind: 'relic', rarity: 'epic' },
      firstFind: true,
      count: 1,
    })
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    const first = await screen.findByRole('dialog', { name: 'You found' })
    expect(first.textContent).toContain('epic relic, New!')
    fireEvent.click(within(first).getByRole('button', { name: 'Continue' }))

    data.collect.mockResolvedValueOnce({ itemId: 'b', distance: 10 })
    fireEvent.click(marker('b') as HTMLElement)
    fireEvent.click(collectButton())
    expect((await screen.findByRole('dialog', { name: 'You found' })).textContent).toContain('common coin, You have 1')
  })

  test('error: when the reveal cannot load, a notice says what was collected, with the success haptic', async () => {
    const { data, haptics } = await renderWithDrops([drop('a', north(20), 'rare', 'feather')], {
      loadCatchReveal: () => Promise.reject(new Error('chunk gone')),
    })
    data.collect.mockResolvedValue({ itemId: 'a', distance: 20 })
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    expect((await screen.findByRole('status')).textContent).toBe('Feather added to your inventory.')
    expect(haptics).toHaveBeenCalledWith({ hapticsType: 'notification', style: 'success' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('error: a refused collect shows the message in the sheet and plays the error haptic', async () => {
    const { data, haptics } = await renderWithDrops([drop('a', north(45))])
    data.collect.mockRejectedValue(
      Object.assign(new Error('x'), { code: 'functions/out-of-range', details: { code: 'out_of_reach' } }),
    )
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Move closer to collect this drop.')
    expect(haptics).toHaveBeenCalledWith({ hapticsType: 'notification', style: 'error' })
    expect(haptics).not.toHaveBeenCalledWith({ hapticsType: 'notification', style: 'success' })
    // Out of reach is retryable: the drop stays and Collect comes back.
    expect(marker('a')).not.toBeNull()
    expect(collectButton().disabled).toBe(false)
  })

  test('error: a drop someone else took is removed from the map', async () => {
    const { data } = await renderWithDrops([drop('a', north(10))])
    data.collect.mockRejectedValue(new CollectDropError('already_collected'))
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    expect((await screen.findByRole('alert')).textContent).toBe('This drop has already been collected.')
    expect(marker('a')).toBeNull()
    expect(collectButton().disabled).toBe(true)
  })

  test('error: a drop on a spot the player already found today leaves their map, and stays off when the map opens again', async () => {
    const live = () => [drop('a', north(10)), drop('b', north(30))]
    const first = await renderWithDrops(live(), { playerUid: 'spot-finder' })
    first.data.collect.mockRejectedValue(new CollectDropError('spot_already_found'))
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You already found the drop here today — new spots appear tomorrow.',
    )
    expect(marker('a')).toBeNull()
    expect(marker('b')).not.toBeNull()
    first.view.unmount()

    // Back on the map in the same session: its record is still live (it stays for others), and not drawn for them.
    const again = renderScreen({ playerUid: 'spot-finder' })
    again.device.moveTo(here)
    again.data.emit(live())
    await waitFor(() => expect(marker('b')).not.toBeNull())
    expect(marker('a')).toBeNull()
    again.view.unmount()

    // Only for that player: another one signed in on the device still sees it.
    await renderWithDrops(live(), { playerUid: 'someone-else' })
    expect(marker('a')).not.toBeNull()
  })

  test('behavior: haptics that fail (outside World App) never break collecting', async () => {
    const rejecting = vi.fn(() => Promise.reject(new Error('command unavailable')))
    const { data } = await renderWithDrops([drop('a', north(10))], { haptics: rejecting })
    data.collect.mockRejectedValueOnce(new CollectDropError('network'))
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    await screen.findByRole('alert')
    expect(rejecting).toHaveBeenCalledWith({ hapticsType: 'notification', style: 'error' })
    data.collect.mockResolvedValue({ itemId: 'a', distance: 10 })
    fireEvent.click(collectButton())
    await waitFor(() => expect(marker('a')).toBeNull())

    const throwing = vi.fn(() => {
      throw new Error('sync failure')
    })
    const second = await renderWithDrops([drop('c', north(10))], {
      haptics: throwing,
      loadCatchReveal: () => Promise.reject(new Error('chunk gone')),
    })
    second.data.collect.mockResolvedValue({ itemId: 'c', distance: 10 })
    fireEvent.click(marker('c') as HTMLElement)
    fireEvent.click(collectButton())
    await waitFor(() => expect(marker('c')).toBeNull())
    expect(throwing).toHaveBeenCalledTimes(1)
  })

  test('behavior: denied location shows one message and the default city, read-only, and Collect explains why it is off', async () => {
    const lisbon = { lat: 38.72, lng: -9.14 }
    const { device, data } = renderScreen({ defaultCity: { name: 'Lisbon', ...lisbon } })
    expect(screen.getByText('Finding your location…').getAttribute('role')).toBe('status')
    // Nothing is asked for before the device has answered.
    expect(data.subscriptions).toEqual([])
    device.deny()
    const banner = screen.getByRole('alert')
    expect(banner.textContent).toBe(
      "Location is off. Showing Lisbon, to look around only: collecting needs your location. Allow location for World App in your phone's settings, then try again.Try again",
    )
    expect(within(banner).getByRole('button', { name: 'Try again' })).toBeTruthy()
    // The city's drops are read, never spawned: the server is not told the city is where the player is.
    expect(data.subscriptions.map(({ center, spawn }) => ({ center, spawn }))).toEqual([{ center: lisbon, spawn: false }])

    data.emit([drop('a', { lat: 38.7201, lng: -9.14 })])
    await waitFor(() => expect(marker('a')).not.toBeNull())
    expect(maplibre.state.maps[0]?.options.center).toEqual([-9.14, 38.72])
    expect(screen.queryByRole('img', { name: 'Your position' })).toBeNull()
    fireEvent.click(marker('a') as HTMLElement)
    expect(screen.getByText('Distance unknown')).toBeTruthy()
    expect(screen.getByText('Turn on location to collect drops.')).toBeTruthy()
    expect(collectButton().disabled).toBe(true)
    fireEvent.click(collectButton())
    expect(data.collect).not.toHaveBeenCalled()
  })

  test('behavior: Try again asks the platform again; once allowed, the map moves to the player and plays, without a reload', async () => {
    const { device, data } = renderScreen()
    await waitFor(() => expect(maplibre.state.maps).toHaveLength(1))
    device.deny()
    expect(device.geolocation.watchPosition).toHaveBeenCalledTimes(1)

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    // The refused watch is stopped and a new one asks again.
    expect(device.geolocation.clearWatch).toHaveBeenCalledWith(1)
    expect(device.geolocation.watchPosition).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('status').textContent).toBe('Finding your location…')
    // Still refused: the same message, and Try again stays.
    device.deny()
    expect(screen.getByRole('alert').textContent).toContain('Location is off.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(device.geolocation.watchPosition).toHaveBeenCalledTimes(3)

    // Allowed this time.
    device.moveTo(here)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    const map = maplibre.state.maps[0]
    expect(map?.jumps).toEqual([{ center: [here.lng, here.lat] }])
    expect(maplibre.state.maps).toHaveLength(1)
    expect(screen.getByRole('img', { name: 'Your position' })).toBeTruthy()
    // Drops now spawn around the player; the default city's read-only watch has stopped.
    expect(data.subscriptions.map(({ center, spawn, active }) => ({ center, spawn, active }))).toEqual([
      { center: { lat: 1.3521, lng: 103.8198 }, spawn: false, active: false },
      { center: here, spawn: true, active: true },
    ])
    data.emit([drop('a', north(20))])
    await waitFor(() => expect(marker('a')).not.toBeNull())
    fireEvent.click(marker('a') as HTMLElement)
    expect(collectButton().disabled).toBe(false)
  })

  test('behavior: location turned off after a fix: the map stays where it was, so the message names no city', () => {
    const { device, data } = renderScreen()
    device.moveTo(here)
    device.deny()
    expect(screen.getByRole('alert').textContent).toBe(
      "Location is off. Collecting needs your location. Allow location for World App in your phone's settings, then try again.Try again",
    )
    expect(screen.queryByRole('img', { name: 'Your position' })).toBeNull()
    // Still the player's area, asked for once: nothing moves to the default city.
    expect(data.subscriptions.map(({ center, spawn, active }) => ({ center, spawn, active }))).toEqual([
      { center: here, spawn: true, active: true },
    ])
  })

  test('behavior: no fix (timeout, no signal) is explained with its reason, and Try again too', () => {
    const { device, data } = renderScreen()
    device.fail(3)
    expect(screen.getByRole('alert').textContent).toBe(
      "We can't find your location. Finding your location took too long. Showing Singapore, to look around only: collecting needs your location.Try again",
    )
    expect(data.subscriptions.every((subscription) => !subscription.spawn)).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(device.geolocation.watchPosition).toHaveBeenCalledTimes(2)
    device.fail(2)
    expect(screen.getByRole('alert').textContent).toContain('Your location is unavailable.')
  })

  test('behavior: no geolocation at all is explained too', () => {
    const { data } = renderScreen({ geolocation: null })
    expect(screen.getByRole('alert').textContent).toBe(
      "We can't find your location. This device has no location service. Showing Singapore, to look around only: collecting needs your location.Try again",
    )
    expect(data.subscriptions.map((subscription) => subscription.spawn)).toEqual([false])
  })

  test('behavior: the camera jumps to the first fix, then the player pans freely until they ask to recentre', async () => {
    const { device } = renderScreen()
    await waitFor(() => expect(maplibre.state.maps).toHaveLength(1))
    const map = maplibre.state.maps[0]
    // Created before the first fix: on the default city.
    expect(map?.options.center).toEqual([103.8198, 1.3521])
    device.moveTo(here)
    device.moveTo(north(100))
    expect(map?.jumps).toEqual([{ center: [here.lng, here.lat] }])
    fireEvent.click(screen.getByRole('button', { name: 'Centre on my position' }))
    expect(map?.eases).toEqual([{ center: [here.lng, north(100).lat] }])
  })

  test('behavior: drops are re-requested after moving more than 250 m, not on GPS jitter', async () => {
    const { device, data } = await renderWithDrops([])
    device.moveTo(north(100))
    expect(data.subscriptions).toHaveLength(1)
    device.moveTo(north(260))
    expect(data.subscriptions.map((s) => s.active)).toEqual([false, true])
    expect(data.subscriptions[1]?.center).toEqual(north(260))
  })

  test('behavior: crossing into another watch cell re-requests the drops there, short of 250 m', async () => {
    // `here` is 209 m south of its watch cell's north edge.
    const { device, data } = await renderWithDrops([])
    device.moveTo(north(200))
    expect(data.subscriptions).toHaveLength(1)
    device.moveTo(north(230))
    expect(data.subscriptions.map((s) => s.active)).toEqual([false, true])
    expect(data.subscriptions[1]?.center).toEqual(north(230))
    // Jitter back over the edge is not a move.
    device.moveTo(north(205))
    expect(data.subscriptions).toHaveLength(2)
  })

  test('behavior: a refused spawn keeps the drops on the map and says why in a notice the player can dismiss', async () => {
    const { data } = await renderWithDrops([drop('a', north(30))])
    data.refuse(new SpawnRefusedError('rate_limited', { retryAfterMs: 4 * 60_000 + 1 }))
    const notice = screen.getByRole('status')
    expect(notice.textContent).toBe("You're exploring fast — new drops appear here in 5 min.×")
    expect(marker('a')).not.toBeNull()
    // Information, not an alarm: no alert.
    expect(screen.queryByRole('alert')).toBeNull()

    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('status')).toBeNull()
    // A new refusal shows again; the server spawning again clears it.
    data.refuse(new SpawnRefusedError('impossible_travel', { retryAfterMs: 60_000 }))
    expect(screen.getByRole('status').textContent).toBe('Your location jumped — new drops appear once it settles.×')
    data.refuse(null)
    expect(screen.queryByRole('status')).toBeNull()
    expect(marker('a')).not.toBeNull()
  })

  test('behavior: a player who is not verified learns that verifying lifts the spawn quota', async () => {
    const { data } = await renderWithDrops([drop('a', north(30))], { humanVerified: false })
    data.refuse(new SpawnRefusedError('rate_limited', { retryAfterMs: 20 * 60_000 }))
    const notice = screen.getByRole('status')
    expect(notice.textContent).toBe("Verify you're human to discover new drops here, or come back in 20 min.×")
    expect(within(notice).getByRole('link', { name: "Verify you're human" }).getAttribute('href')).toBe('/?next=%2Fmap')
    data.refuse(new SpawnRefusedError('rate_limited'))
    expect(screen.getByRole('status').textContent).toBe("Verify you're human to discover new drops here.×")
  })

  test('behavior: an unverified player in an area asleep (crowd limit) is told that verifying wakes it up', async () => {
    const { data } = await renderWithDrops([], { humanVerified: false })
    data.refuse(new SpawnRefusedError('area_asleep', { retryAfterMs: 12 * 60_000 }))
    const notice = screen.getByRole('status')
    expect(notice.textContent).toBe("This area is asleep. Verify you're human to wake it up, or come back in 12 min.×")
    expect(within(notice).getByRole('link', { name: "Verify you're human" }).getAttribute('href')).toBe('/?next=%2Fmap')
    data.refuse(new SpawnRefusedError('area_asleep'))
    expect(screen.getByRole('status').textContent).toBe("This area is asleep. Verify you're human to wake it up.×")
  })

  test('behavior: a verified player is never told to verify when an area is asleep', async () => {
    const { data } = await renderWithDrops([drop('a', north(30))], { humanVerified: true })
    data.refuse(new SpawnRefusedError('area_asleep'))
    expect(screen.getByRole('status').textContent).toBe(
      'This area is asleep — new drops appear when a verified player comes by.×',
    )
  })

  test('behavior: the configured style is used when it loads, and the offline town follows a player far away', async () => {
    const remote = { version: 8, sources: {}, layers: [{ id: 'remote', type: 'background' }] }
    const fetch = vi.fn(async () => new Response(JSON.stringify(remote)))
    renderScreen({ fetch })
    await waitFor(() => expect(maplibre.state.maps).toHaveLength(1))
    expect(maplibre.state.maps[0]?.options.style.layers.map((l) => l.id)).toEqual([
      'remote',
      'worldmap-reach-fill',
      'worldmap-reach-line',
    ])
    expect(document.querySelector('.map-screen')?.getAttribute('data-style-source')).toBe('remote')
    expect(screen.queryByText('Offline map')).toBeNull()
    cleanupMaps()

    const offlineRender = renderScreen()
    await waitFor(() => expect(maplibre.state.maps).toHaveLength(1))
    offlineRender.device.moveTo({ lat: 48.85, lng: 2.35 })
    const map = maplibre.state.maps[0]
    expect(map?.styles).toHaveLength(1)
    // The new town is around Paris, and still carries the ring (through transformStyle).
    expect(JSON.stringify(map?.styles[0])).toMatch(/\[2\.3\d+,48\.8\d+\]/)
    expect(map?.current.layers.at(-1)?.id).toBe('worldmap-reach-line')
  })

  test('behavior: with no style configured the offline style draws at once, without a single request', async () => {
    const fetch = vi.fn(offline)
    renderScreen({ styleUrl: null, fetch })
    // Synchronously: no pending state, no probe.
    expect(document.querySelector('.map-screen')?.getAttribute('data-style-source')).toBe('local')
    await waitFor(() => expect(maplibre.state.maps).toHaveLength(1))
    expect(fetch).not.toHaveBeenCalled()
    expect(screen.getByText('Offline map').getAttribute('title')).toBeNull()
  })

  test('error: drops that cannot load say so', async () => {
    const { device, data } = renderScreen()
    device.moveTo(here)
    act(() => data.subscriptions[0]?.onError(new Error('permission denied')))
    expect(screen.getByRole('alert').textContent).toBe('Drops nearby could not load. Check your connection.')
  })

  test('error: a map library that fails to load, or a device without WebGL, is explained', async () => {
    renderScreen({ loadMapLibre: () => Promise.reject(new Error('chunk')) })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The map could not load. Check your connection and reopen this page.',
    )
    cleanupMaps()

    maplibre.state.failConstructor = new Error('Failed to initialize WebGL')
    renderScreen()
    // The library's own words (a WebGL message) never reach the screen.
    expect((await screen.findByRole('alert')).textContent).toBe('This device cannot draw the map.')
  })

  test('behavior: unmounting removes the map', async () => {
    const { view } = renderScreen()
    await waitFor(() => expect(maplibre.state.maps).toHaveLength(1))
    view.unmount()
    expect(maplibre.state.maps[0]?.removed).toBe(true)
  })
})

describe('MapScreen: verification and the simulator', () => {
  type SimulatorWindow = Window & { worldmapSimulator?: unknown }
  afterEach(() => {
    delete (window as SimulatorWindow).worldmapSimulator
  })

  test('behavior: a player who is not verified gets "Verify you\'re human first", to home\'s card and back to this drop, not Collect', async () => {
    const { data } = await renderWithDrops([drop('a', north(20))], { humanVerified: false })
    fireEvent.click(marker('a') as HTMLElement)
    const sheet = screen.getByRole('dialog', { name: 'Gem' })
    expect(within(sheet).queryByRole('button', { name: /^Collect/ })).toBeNull()
    const link = within(sheet).getByRole('link', { name: "Verify you're human first" })
    expect(link.getAttribute('href')).toBe('/?next=%2Fmap%3Fdrop%3Da')
    expect(within(sheet).getByText('Only verified humans can collect drops.')).toBeTruthy()
    expect(data.collect).not.toHaveBeenCalled()
  })

  test('behavior: verified (or not known yet) players get Collect', async () => {
    await renderWithDrops([drop('a', north(20))], { humanVerified: true })
    fireEvent.click(marker('a') as HTMLElement)
    expect(collectButton().disabled).toBe(false)
    expect(screen.queryByRole('link', { name: "Verify you're human first" })).toBeNull()
  })

  test('error: the server saying "not verified" turns Collect into the verify link, with its message', async () => {
    const { data, haptics } = await renderWithDrops([drop('a', north(20))])
    data.collect.mockRejectedValue(
      Object.assign(new Error('x'), { code: 'functions/permission-denied', details: { code: 'not_verified' } }),
    )
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    expect((await screen.findByRole('alert')).textContent).toBe('Verify you are human with World ID to collect drops.')
    expect(screen.getByRole('link', { name: "Verify you're human first" }).getAttribute('href')).toBe('/?next=%2Fmap%3Fdrop%3Da')
    expect(screen.queryByRole('button', { name: /^Collect/ })).toBeNull()
    expect(haptics).toHaveBeenCalledWith({ hapticsType: 'notification', style: 'error' })
  })

  test('default: no "Walk here (simulator)" without the simulator in the page', async () => {
    await renderWithDrops([drop('a', north(300))])
    fireEvent.click(marker('a') as HTMLElement)
    expect(screen.getByRole('dialog', { name: 'Gem' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Walk here (simulator)' })).toBeNull()
  })

  test('behavior: with the simulator, "Walk here (simulator)" walks the simulated device to the drop', async () => {
    const walk = vi.fn()
    ;(window as SimulatorWindow).worldmapSimulator = { geolocation: { walk, set: vi.fn(), current: vi.fn() } }
    await renderWithDrops([drop('a', north(300)), drop('b', north(5))])
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(screen.getByRole('button', { name: 'Walk here (simulator)' }))
    expect(walk).toHaveBeenCalledTimes(1)
    const [route, speed] = walk.mock.calls[0] as [LatLng[], number]
    expect(route).toEqual([north(300)])
    // About ten seconds for 300 m: a desk walk, not a real one.
    expect(speed).toBeCloseTo(30, 5)

    // Close by, it never walks faster than… walking.
    fireEvent.click(marker('b') as HTMLElement)
    fireEvent.click(screen.getByRole('button', { name: 'Walk here (simulator)' }))
    expect(walk).toHaveBeenLastCalledWith([north(5)], 1.4)
  })

  test("behavior: without a fix the walk goes at the simulator's own pace; the prop overrides the global", async () => {
    const walk = vi.fn()
    const { device, data } = renderScreen({ simulatorGeolocation: { walk, set: vi.fn() } })
    device.deny()
    data.emit([drop('a', { lat: 1.3522, lng: 103.8198 })])
    await waitFor(() => expect(marker('a')).not.toBeNull())
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(screen.getByRole('button', { name: 'Walk here (simulator)' }))
    expect(walk).toHaveBeenCalledWith([{ lat: 1.3522, lng: 103.8198 }], undefined)
  })
})

/** Unmount everything rendered so far and forget the maps it created. */
function cleanupMaps() {
  document.body.innerHTML = ''
  maplibre.state.maps.length = 0
}

describe('MapScreen: the collect ring, drops in reach and clusters', () => {
  /** A point `meters` due east of `here`. */
  const east = (meters: number): LatLng => ({
    lat: here.lat,
    lng: here.lng + meters / (METERS_PER_DEGREE * Math.cos((here.lat * Math.PI) / 180)),
  })

  test('behavior: a 50 m ring follows the player; none without a position', async () => {
    const { device } = await renderWithDrops([])
    await waitFor(() => expect(maplibre.state.maps).toHaveLength(1))
    const map = maplibre.state.maps[0]
    const ring = () => {
      const data = map?.sourceData.get('worldmap-reach')?.at(-1) as
        | { geometry?: { coordinates: [number, number][][] }; features?: unknown[] }
        | undefined
      return data?.geometry?.coordinates[0] ?? null
    }
    const radiusAround = (center: LatLng) =>
      (ring() ?? []).map(([lng, lat]) => Math.round(distanceInMeters(center, { lat, lng }) * 1000) / 1000)
    await waitFor(() => expect(ring()).not.toBeNull())
    expect(new Set(radiusAround(here))).toEqual(new Set([COLLECT_REACH_METERS]))
    device.moveTo(north(100))
    expect(new Set(radiusAround(north(100)))).toEqual(new Set([COLLECT_REACH_METERS]))
    // A style that finished loading gets the ring of the latest fix.
    act(() => map?.fire('styledata'))
    expect(new Set(radiusAround(north(100)))).toEqual(new Set([COLLECT_REACH_METERS]))
    device.deny()
    expect(map?.sourceData.get('worldmap-reach')?.at(-1)).toEqual({ type: 'FeatureCollection', features: [] })
  })

  test('behavior: drops in reach are marked (they pulse and draw above the player); walking away un-marks them', async () => {
    const { device } = await renderWithDrops([drop('a', north(40)), drop('b', north(120))])
    expect(marker('a')?.dataset.inReach).toBe('true')
    expect(marker('b')?.dataset.inReach).toBe('false')
    expect(marker('a')?.querySelector('.map-drop-halo')).not.toBeNull()
    device.moveTo(north(100))
    expect(marker('a')?.dataset.inReach).toBe('false')
    expect(marker('b')?.dataset.inReach).toBe('true')
    expect(marker('b')?.getAttribute('aria-label')).toBe('Rare Gem, in reach, 20 m away')
  })

  test('behavior: common drops too close to tap apart become one count bubble; rare and up never join it', async () => {
    const rendered = renderScreen()
    rendered.device.moveTo(here)
    // 300 m east, 10–20 m apart: about 8–17 px at zoom 16.
    rendered.data.emit([
      drop('x', east(300), 'common'),
      drop('y', east(310), 'uncommon'),
      drop('z', east(320), 'common'),
      drop('r', east(305), 'rare'),
      drop('l', east(315), 'legendary'),
    ])
    await waitFor(() => expect(clusters()).toHaveLength(1))
    const [bubble] = clusters()
    expect(bubble?.textContent).toBe('3')
    expect(bubble?.getAttribute('aria-label')).toBe('3 drops here. Show the list.')
    // The rarest member's colour: the bubble only ever holds common and uncommon drops.
    expect(bubble?.style.getPropertyValue('--drop-color')).toBe('#2f9e44')
    // The rare and the legendary one stand alone, above the bubble.
    expect([...document.querySelectorAll<HTMLElement>('.map-drop')].map((m) => m.dataset.dropId).sort()).toEqual(['l', 'r'])
    expect(Number(marker('r')?.style.zIndex)).toBeGreaterThan(Number(bubble?.style.zIndex))

    // Zoomed in, they come apart.
    const map = maplibre.state.maps[0]
    if (map) map.zoom = 19
    act(() => map?.fire('zoomend'))
    expect(clusters()).toHaveLength(0)
    expect(document.querySelectorAll('.map-drop')).toHaveLength(5)
  })

  test('behavior: tapping a bubble lists its drops nearest first; a tap on one selects it; Escape closes the list', async () => {
    const rendered = renderScreen({ initialZoom: 14 })
    rendered.device.moveTo(here)
    rendered.data.emit([
      drop('far', north(95), 'common', 'coin'),
      drop('in', north(45), 'uncommon', 'shell'),
      drop('mid', north(70), 'common', 'feather'),
    ])
    await waitFor(() => expect(clusters()).toHaveLength(1))
    const bubble = clusters()[0] as HTMLElement
    bubble.focus()
    fireEvent.click(bubble)
    // No zoom to an empty block: the list.
    expect(maplibre.state.maps[0]?.fits).toEqual([])
    const list = screen.getByRole('dialog', { name: '2 drops here' })
    expect(document.activeElement).toBe(list)
    // The bubble says its list is open.
    expect(bubble.getAttribute('aria-haspopup')).toBe('dialog')
    expect(bubble.getAttribute('aria-expanded')).toBe('true')
    const rows = within(list).getAllByRole('button', { name: /away/ })
    expect(rows.map((row) => row.textContent)).toEqual(['FeatherCommon70 m away', 'CoinCommon95 m away'])
    // The drop in reach is not in the bubble at all (it stands alone); a row says when one is.
    expect(marker('in')?.dataset.inReach).toBe('true')
    expect(rows[0]?.querySelector('svg.drop-art')?.getAttribute('data-kind')).toBe('feather')

    fireEvent.keyDown(list, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(bubble)
    expect(bubble.getAttribute('aria-expanded')).toBe('false')

    fireEvent.click(clusters()[0] as HTMLElement)
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Coin/ }))
    // As if its marker was tapped: its sheet, its marker out of the bubble and pressed.
    const sheet = screen.getByRole('dialog', { name: 'Coin' })
    expect(within(sheet).getByText('95 m away')).toBeTruthy()
    expect(marker('far')?.getAttribute('aria-pressed')).toBe('true')
    expect(clusters()).toHaveLength(0)
  })

  test('behavior: a row says when its drop is in reach; the list follows the live drops and closes once they are gone', async () => {
    const rendered = renderScreen({ initialZoom: 14 })
    rendered.device.moveTo(here)
    const a = drop('a', north(60), 'common', 'coin')
    const b = drop('b', north(66), 'common', 'gem')
    rendered.data.emit([a, b])
    await waitFor(() => expect(clusters()).toHaveLength(1))
    fireEvent.click(clusters()[0] as HTMLElement)
    const list = screen.getByRole('dialog', { name: '2 drops here' })
    expect(within(list).queryByText('In reach')).toBeNull()
    // Walking closer: a is in reach (and leaves the bubble), the open list still shows both.
    rendered.device.moveTo(north(20))
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: /^Coin/ }).textContent).toContain('In reach')
    rendered.data.emit([a])
    expect(within(screen.getByRole('dialog', { name: '1 drop here' })).getAllByRole('button', { name: /away/ })).toHaveLength(1)
    rendered.data.emit([])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('behavior: a cluster never hides a drop in reach, nor the selected one', async () => {
    const rendered = renderScreen({ initialZoom: 14 })
    rendered.device.moveTo(here)
    rendered.data.emit([
      drop('in', north(30), 'common'),
      drop('near1', north(60), 'common'),
      drop('near2', north(70), 'common'),
      drop('near3', north(80), 'common'),
    ])
    await waitFor(() => expect(clusters()).toHaveLength(1))
    expect(marker('in')?.dataset.inReach).toBe('true')
    expect(clusters()[0]?.textContent).toBe('3')
    // Selecting a drop through its link takes it out of the cluster, so its marker shows while its sheet is open.
    cleanupMaps()
    const linked = renderScreen({ initialZoom: 14, initialDropId: 'near2' })
    linked.device.moveTo(here)
    linked.data.emit([drop('near1', north(60), 'common'), drop('near2', north(70), 'common'), drop('near3', north(80), 'common')])
    await waitFor(() => expect(marker('near2')).not.toBeNull())
    expect(marker('near2')?.getAttribute('aria-pressed')).toBe('true')
    expect(clusters()[0]?.textContent).toBe('2')
  })
})

describe('MapScreen: layering and taps', () => {
  /** Put `element` on screen as a 44 px box centred at (x, y), as the browser would lay it out. */
  const placeAt = (element: HTMLElement | null, x: number, y: number) => {
    if (!element) throw new Error('no marker')
    element.getBoundingClientRect = () => ({
      x: x - 22,
      y: y - 22,
      left: x - 22,
      top: y - 22,
      right: x + 22,
      bottom: y + 22,
      width: 44,
      height: 44,
      toJSON: () => ({}),
    })
  }
  /** A pointer tap at (x, y) delivered to `target` (the element the browser found there). */
  const tap = (target: HTMLElement | null, x: number, y: number) =>
    fireEvent.click(target as HTMLElement, { detail: 1, clientX: x, clientY: y })

  test("behavior: the player's dot draws over every drop; in reach over rare over common over bubbles", async () => {
    await renderWithDrops([drop('c', north(200), 'common'), drop('e', north(300), 'epic'), drop('in', north(10), 'common')])
    const z = (element: Element | null) => Number((element as HTMLElement | null)?.style.zIndex)
    const dot = screen.getByRole('img', { name: 'Your position' })
    expect(z(marker('c'))).toBeLessThan(z(marker('e')))
    expect(z(marker('e'))).toBeLessThan(z(marker('in')))
    expect(z(marker('in'))).toBeLessThan(z(dot))
    fireEvent.click(marker('in') as HTMLElement)
    // Selected, still under the dot.
    expect(z(marker('in'))).toBeLessThan(z(dot))
  })

  test("behavior: a tap on a gem partly under another hits the one drawn on top there, never the other's margin", async () => {
    // 'top' is in reach (drawn higher), 'under' is not; 16 px apart, their gems overlap a little.
    await renderWithDrops([drop('under', north(120), 'common', 'coin'), drop('top', north(40), 'common', 'gem')])
    placeAt(marker('under'), 100, 100)
    placeAt(marker('top'), 116, 100)
    // On the overlap: the top one.
    tap(marker('top'), 108, 100)
    expect(screen.getByRole('dialog', { name: 'Gem' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    // On the under one's visible part, which the top one's 44 px margin covers: the under one.
    tap(marker('top'), 90, 100)
    expect(screen.getByRole('dialog', { name: 'Coin' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    // On nobody's gem (the margin only): the browser's target stands. A keyboard click is the focused marker's.
    tap(marker('under'), 100, 120)
    expect(screen.getByRole('dialog', { name: 'Coin' })).toBeTruthy()
    fireEvent.click(marker('top') as HTMLElement)
    expect(screen.getByRole('dialog', { name: 'Gem' })).toBeTruthy()
  })

  test("behavior: a bubble under a drop's margin still gets its tap", async () => {
    const rendered = renderScreen({ initialZoom: 14 })
    rendered.device.moveTo(here)
    rendered.data.emit([drop('a', north(300), 'common'), drop('b', north(310), 'common'), drop('r', north(340), 'rare')])
    await waitFor(() => expect(clusters()).toHaveLength(1))
    placeAt(clusters()[0] ?? null, 100, 100)
    placeAt(marker('r'), 100, 70)
    tap(marker('r'), 100, 85)
    expect(screen.getByRole('dialog', { name: '2 drops here' })).toBeTruthy()
  })
})

describe('MapScreen: the arrow to the nearest drop', () => {
  const arrow = () => document.querySelector<HTMLButtonElement>('.map-edge-arrow')

  test('default: none while the nearest drop is on screen', async () => {
    await renderWithDrops([drop('a', north(120), 'common'), drop('b', north(3000), 'epic')])
    expect(arrow()).toBeNull()
  })

  test('behavior: off screen, it sits on the edge towards the nearest drop with its distance; a tap brings it into view and opens it', async () => {
    const { device } = await renderWithDrops([drop('n', north(1500), 'rare', 'compass'), drop('far', north(4000), 'legendary')])
    await waitFor(() => expect(arrow()).not.toBeNull())
    const button = arrow() as HTMLButtonElement
    expect(button.getAttribute('aria-label')).toBe('Nearest drop: Rare Compass, 1.5 km away. Show it.')
    expect(button.textContent).toBe('1.5 km')
    // Due north: top edge, pointing up.
    expect(button.style.top).toBe('40px')
    expect(button.style.left).toBe('195px')
    expect(button.querySelector('svg')?.style.transform).toBe('rotate(0deg)')

    fireEvent.click(button)
    const map = maplibre.state.maps[0]
    expect(map?.eases.at(-1)).toEqual({ center: [here.lng, north(1500).lat] })
    expect(screen.getByRole('dialog', { name: 'Compass' })).toBeTruthy()
    // The camera is on it now: no arrow.
    act(() => map?.fire('move'))
    await waitFor(() => expect(arrow()).toBeNull())

    // Walking on north, past it: the other drop is the nearest now, still off screen above.
    device.moveTo(north(3000))
    expect(arrow()?.dataset.dropId).toBe('far')
    expect(arrow()?.querySelector('svg')?.style.transform).toBe('rotate(0deg)')
    // Without a position there is no nearest drop.
    device.deny()
    expect(arrow()).toBeNull()
  })
})

/**
 * The map of signed-in player-1, located `here`, over a fake data source with `watches` added (their streak
 * rewards, the spots they found today).
 */
function renderPlayerMap(
  watches: Pick<MapDataSource, 'watchStreakDrops' | 'watchFoundSpots'>,
  overrides: Partial<MapScreenProps> = {},
) {
  const data = fakeDataSource()
  const device = fakeGeolocation()
  render(
    <MapScreen
      dataSource={{ ...data.source, ...watches }}
      geolocation={device.geolocation}
      fetch={offline}
      hintStorage={null}
      playerUid="player-1"
      {...overrides}
    />,
  )
  device.moveTo(here)
  return { data, device }
}

describe("MapScreen: the player's streak reward", () => {
  test('behavior: shown as theirs (marker, label, sheet), and the edge arrow points to it over a nearer drop', async () => {
    const reward = drop('streak_997460_0123456789ab', north(1800), 'epic', 'compass')
    const watchStreakDrops = vi.fn((_uid: string, onDrops: (drops: readonly MapDrop[]) => void) => {
      onDrops([reward])
      return () => {}
    })
    const { data } = renderPlayerMap({ watchStreakDrops })
    data.emit([drop('near', north(120), 'common', 'coin')])
    await waitFor(() => expect(marker(reward.id)).not.toBeNull())
    expect(watchStreakDrops.mock.calls[0]?.[0]).toBe('player-1')
    expect(marker(reward.id)?.dataset.streak).toBe('true')
    expect(marker(reward.id)?.getAttribute('aria-label')).toBe('Your streak reward: Epic Compass, 1.8 km away')
    expect(marker('near')?.dataset.streak).toBeUndefined()
    await waitFor(() => expect(document.querySelector('.map-edge-arrow')).not.toBeNull())
    const arrow = document.querySelector<HTMLButtonElement>('.map-edge-arrow') as HTMLButtonElement
    expect(arrow.getAttribute('aria-label')).toBe('Your streak reward: Epic Compass, 1.8 km away. Show it.')
    fireEvent.click(arrow)
    const sheet = screen.getByRole('dialog', { name: 'Compass' })
    expect(within(sheet).getByText('Your streak reward')).toBeTruthy()
  })
})

describe("MapScreen: the reveal announces the player's streak reward", () => {
  /** The map of player-1 whose streak reward `reward` waits, with a reveal that shows what it was told. */
  function renderWithReward(reward: MapDrop) {
    const watchStreakDrops = (_uid: string, onDrops: (drops: readonly MapDrop[]) => void) => {
      onDrops([reward])
      return () => {}
    }
    return renderPlayerMap({ watchStreakDrops }, { loadCatchReveal: async () => RewardReveal })
  }

  /** Tap `drop`'s marker and collect it (the server answers a first find): the reveal. */
  async function catchDrop(data: ReturnType<typeof fakeDataSource>, drop: MapDrop) {
    await waitFor(() => expect(marker(drop.id)).not.toBeNull())
    fireEvent.click(marker(drop.id) as HTMLButtonElement)
    data.collect.mockResolvedValueOnce({
      itemId: drop.id,
      distance: 20,
      item: { kind: drop.kind, rarity: drop.rarity },
      firstFind: true,
      count: 1,
    })
    fireEvent.click(collectButton())
    return screen.findByRole('dialog', { name: 'You found' })
  }

  test('behavior: a find with the reward waiting announces it (what, how far, which way); Show me opens its sheet', async () => {
    const { data } = renderWithReward({ ...drop('streak_997460_0123456789ab', north(180), 'epic', 'compass'), streakDay: 3 })
    const near = drop('near', north(20), 'common', 'coin')
    data.emit([near])
    const reveal = await catchDrop(data, near)
    expect(reveal.textContent).toContain('reward day 3: epic compass, 180 m north')
    fireEvent.click(within(reveal).getByRole('button', { name: 'Show me' }))
    expect(screen.queryByRole('dialog', { name: 'You found' })).toBeNull()
    const sheet = await screen.findByRole('dialog', { name: 'Compass' })
    expect(within(sheet).getByText('Your streak reward')).toBeTruthy()
  })

  test('behavior: catching the reward itself announces nothing more', async () => {
    const reward = { ...drop('streak_997460_0123456789ab', north(20), 'epic', 'compass'), streakDay: 7 }
    const { data } = renderWithReward(reward)
    data.emit([])
    const reveal = await catchDrop(data, reward)
    expect(reveal.textContent).toContain('no reward')
  })
})

describe('MapScreen: spots the player found today', () => {
  const day = 20546
  /** A drop of this UTC day on spot `index` of w21z73t. */
  const onSpot = (index: number) => formatDropId({ cell: 'w21z73t', window: day * 48 + 30, index })

  /** The map of player-1 with a source that knows their found spots; `pushFound` plays the database's answer. */
  function renderWithFoundSpots() {
    let pushFound: (found: FoundSpots) => void = () => {}
    const watchFoundSpots = vi.fn((_uid: string, onSpots: (found: FoundSpots) => void) => {
      pushFound = onSpots
      return () => {}
    })
    const { data } = renderPlayerMap({ watchFoundSpots })
    return { data, watchFoundSpots, pushFound: (found: FoundSpots) => act(() => pushFound(found)) }
  }

  test('behavior: a later drop on a spot found today is not drawn, nor pointed at; other spots and days are', async () => {
    const { data, watchFoundSpots, pushFound } = renderWithFoundSpots()
    data.emit([drop(onSpot(3), north(900)), drop(onSpot(1), north(2500))])
    await waitFor(() => expect(marker(onSpot(3))).not.toBeNull())
    expect(watchFoundSpots.mock.calls[0]?.[0]).toBe('player-1')
    pushFound({ day, spots: new Set(['w21z73t_3']) })
    await waitFor(() => expect(marker(onSpot(3))).toBeNull())
    expect(marker(onSpot(1))).not.toBeNull()
    await waitFor(() => expect(document.querySelector<HTMLElement>('.map-edge-arrow')?.dataset.dropId).toBe(onSpot(1)))
    // The next UTC day's spots are new: the same spot name is not the same spot.
    pushFound({ day: day + 1, spots: new Set(['w21z73t_3']) })
    await waitFor(() => expect(marker(onSpot(3))).not.toBeNull())
  })

  test('behavior: found on another phone while its sheet is open: the sheet says so and Collect is off', async () => {
    const { data, pushFound } = renderWithFoundSpots()
    data.emit([drop(onSpot(3), north(20))])
    await waitFor(() => expect(marker(onSpot(3))).not.toBeNull())
    fireEvent.click(marker(onSpot(3)) as HTMLButtonElement)
    const sheet = await screen.findByRole('dialog')
    pushFound({ day, spots: new Set(['w21z73t_3']) })
    await waitFor(() => expect(marker(onSpot(3))).toBeNull())
    expect(within(sheet).getByText('You already found the drop here today — new spots appear tomorrow.')).toBeTruthy()
    expect(within(sheet).getByRole('button', { name: 'Collect' }).hasAttribute('disabled')).toBe(true)
    expect(data.source.collect).not.toHaveBeenCalled()
  })
})

describe("MapScreen: the player's language", () => {
  test('behavior: markers, the cluster list, the arrow and the sheet speak Indonesian, with its number formats', async () => {
    const device = fakeGeolocation()
    const data = fakeDataSource()
    render(
      <I18nProvider locale="id" messages={indonesian}>
        <MapScreen
          dataSource={data.source}
          geolocation={device.geolocation}
          fetch={offline}
          hintStorage={null}
          initialZoom={14}
        />
      </I18nProvider>,
    )
    device.moveTo(here)
    data.emit([drop('a', north(2500), 'common', 'coin'), drop('b', north(2510), 'common', 'gem')])
    await waitFor(() => expect(clusters()).toHaveLength(1))
    expect(clusters()[0]?.getAttribute('aria-label')).toBe('2 item di sini. Lihat daftarnya.')
    expect(screen.getByRole('img', { name: 'Posisimu' })).toBeTruthy()
    await waitFor(() => expect(document.querySelector('.map-edge-arrow')).not.toBeNull())
    // Indonesian writes a decimal comma.
    expect(document.querySelector('.map-edge-arrow')?.textContent).toBe('2,5 km')
    expect(document.querySelector('.map-edge-arrow')?.getAttribute('aria-label')).toBe(
      'Item terdekat: Koin Biasa, 2,5 km lagi. Tampilkan.',
    )
    fireEvent.click(clusters()[0] as HTMLElement)
    const list = screen.getByRole('dialog', { name: '2 item di sini' })
    expect(
      within(list)
        .getAllByRole('button', { name: /lagi$/ })
        .map((row) => row.textContent),
    ).toEqual(['KoinBiasa2,5 km lagi', 'PermataBiasa2,5 km lagi'])
  })
})

describe('MapScreen: the first-run hint', () => {
  function memoryStorage(): HintStorage & { data: Map<string, string> } {
    const data = new Map<string, string>()
    return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) }
  }
  const hint = () => screen.queryByRole('complementary', { name: 'How to collect' })

  test('default: "Walk within 50 m of a drop to collect it." until dismissed, remembered for the next visit', async () => {
    const storage = memoryStorage()
    const first = renderScreen({ hintStorage: storage })
    expect(hint()?.textContent).toContain('Walk within 50 m of a drop to collect it.')
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }))
    expect(hint()).toBeNull()
    first.view.unmount()
    renderScreen({ hintStorage: storage })
    expect(hint()).toBeNull()
  })

  test('behavior: it steps aside while a drop sheet is open, and a first collect retires it', async () => {
    const storage = memoryStorage()
    const { data } = await renderWithDrops([drop('a', north(10))], { hintStorage: storage })
    expect(hint()).not.toBeNull()
    fireEvent.click(marker('a') as HTMLElement)
    expect(hint()).toBeNull()
    data.collect.mockResolvedValue({ itemId: 'a', distance: 10 })
    fireEvent.click(collectButton())
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'You found' })).getByRole('button', { name: 'Continue' }))
    expect(hint()).toBeNull()
    expect(storage.data.get(MAP_HINT_STORAGE_KEY)).toBe('1')
  })
})

describe('MapScreen: the first-run hint without a location', () => {
  test('behavior: it waits while location is off (the location message is the one message), and comes back with a fix', () => {
    const storage: HintStorage = { getItem: () => null, setItem: () => {} }
    const { device } = renderScreen({ hintStorage: storage })
    const hint = () => screen.queryByRole('complementary', { name: 'How to collect' })
    expect(hint()).not.toBeNull()
    device.deny()
    expect(hint()).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    device.moveTo(here)
    expect(hint()).not.toBeNull()
  })
})

describe('MapScreen: opening a drop from a link (/map?drop=<id>)', () => {
  test('behavior: the drop opens (sheet up, camera on it) once it shows up in the live drops', async () => {
    const { device, data } = renderScreen({ initialDropId: 'target' })
    await waitFor(() => expect(maplibre.state.maps).toHaveLength(1))
    data.emit([])
    device.moveTo(here)
    expect(screen.queryByRole('dialog')).toBeNull()
    data.emit([drop('other', north(100)), drop('target', north(300), 'epic', 'compass')])
    const sheet = await screen.findByRole('dialog', { name: 'Compass' })
    expect(within(sheet).getByText('300 m away')).toBeTruthy()
    const map = maplibre.state.maps[0]
    expect(map?.jumps.at(-1)).toEqual({ center: [north(300).lng, north(300).lat] })
    // Closed, it stays closed as the list updates.
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }))
    data.emit([drop('target', north(300), 'epic', 'compass')])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test("behavior: the camera stays on the linked drop when the player's first fix comes later", async () => {
    const { device, data } = renderScreen({ initialDropId: 'target' })
    await waitFor(() => expect(maplibre.state.maps).toHaveLength(1))
    data.subscriptions.length = 0
    device.deny()
    data.emit([drop('target', { lat: 1.3525, lng: 103.8198 })])
    await screen.findByRole('dialog', { name: 'Gem' })
    const map = maplibre.state.maps[0]
    expect(map?.jumps).toEqual([{ center: [103.8198, 1.3525] }])
    device.moveTo(here)
    expect(map?.jumps).toEqual([{ center: [103.8198, 1.3525] }])
  })

  test('behavior: a linked drop that is gone says so kindly, once the map has its drops, and shows the map', async () => {
    await renderWithDrops([drop('a', north(20))], { initialDropId: 'gone' })
    expect(screen.queryByRole('dialog')).toBeNull()
    const gone = await screen.findByTestId('map-drop-gone', {}, { timeout: GONE_GRACE_MS + 2_000 })
    expect(gone.textContent).toBe(
      "That drop isn't here anymore — someone found it first, or its time ran out. Here are the drops around you.",
    )
    expect(gone.getAttribute('role')).toBe('status')
    // Not an error: the map and its drops are there, no sheet over them.
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(marker('a')).toBeTruthy()
  })

  test('behavior: a tap on another drop before the link resolves wins; the id turning up later changes nothing', async () => {
    const { data } = await renderWithDrops([drop('a', north(20))], { initialDropId: 'gone' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    // The id turning up later does not pull a sheet open over what the player is doing.
    data.emit([drop('a', north(20)), drop('gone', north(30))])
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByTestId('map-drop-gone')).toBeNull()
  })
})

describe('MapScreen over the Firebase data source', () => {
  test('behavior: no server call ever carries the default city, through denied, Try again, allowed and a collect', async () => {
    const city = { name: 'Lisbon', lat: 38.72, lng: -9.14 }
    const window = Math.floor(Date.now() / SPAWN_WINDOW_MS)
    /** A drop record in the cell the database serves it from, under the id the server would give it. */
    const cellWith = (id: number, at: LatLng) => ({
      path: databasePaths.dropsCell(window, watchCellOf(at.lat, at.lng)),
      value: {
        [`${cellOf(at.lat, at.lng)}_${window}_${id}`]: {
          ...at,
          kind: 'gem',
          rarity: 'rare',
          expiresAt: (window + 1) * SPAWN_WINDOW_MS,
        },
      },
    })
    const served = [cellWith(0, { lat: 38.7201, lng: -9.14 }), cellWith(1, north(20))]
    const call = vi.fn<MapBackend['call']>(async (name) =>
      name === 'collectDrop' ? { itemId: 'item-1', distance: 20, item: { kind: 'gem', rarity: 'rare' } } : {},
    )
    const backend: MapBackend = {
      call,
      watch: (path, onValue) => {
        const cell = served.find((entry) => entry.path === path)
        queueMicrotask(() => onValue(cell?.value ?? null))
        return () => {}
      },
      now: () => Date.now(),
      timeZone: () => 'Asia/Singapore',
    }
    const { device } = renderScreen({ dataSource: createFirebaseMapDataSource(backend), defaultCity: city })

    device.deny()
    const cityDrop = `${cellOf(38.7201, -9.14)}_${window}_0`
    await waitFor(() => expect(marker(cityDrop)).not.toBeNull())
    fireEvent.click(marker(cityDrop) as HTMLElement)
    fireEvent.click(collectButton())
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    device.deny()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(call).not.toHaveBeenCalled()

    device.moveTo(here)
    const near = `${cellOf(north(20).lat, north(20).lng)}_${window}_1`
    await waitFor(() => expect(marker(near)).not.toBeNull())
    fireEvent.click(marker(near) as HTMLElement)
    fireEvent.click(collectButton())
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'You found' })).toBeTruthy())

    expect(call.mock.calls.map(([name]) => name)).toEqual(['ensureDropsNear', 'collectDrop'])
    for (const [, data] of call.mock.calls) {
      const { lat, lng } = data as LatLng
      expect({ lat, lng }).toEqual(here)
      expect(distanceInMeters({ lat, lng }, city)).toBeGreaterThan(1_000_000)
    }
  })
})

describe('MapScreen through a flaky network (issue 20)', () => {
  const storage = () => {
    const data = new Map<string, string>()
    return {
      data,
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    }
  }
  const gemResult = { itemId: 'a', distance: 20, item: { kind: 'gem', rarity: 'rare' }, firstFind: true, count: 1 } as const
  const noAnswer = () => Object.assign(new Error('internal [0]'), { code: 'functions/internal' })

  /** Render inside a connectivity the test switches, with the player located at `here` and `drops` on the map. */
  async function renderConnected(drops: MapDrop[], overrides: Partial<MapScreenProps> = {}, online = true) {
    const net = fakeConnectivity(online)
    const device = fakeGeolocation()
    const data = fakeDataSource()
    const haptics = vi.fn(async () => ({}))
    const props: MapScreenProps = {
      dataSource: data.source,
      geolocation: device.geolocation,
      haptics,
      fetch: offline,
      styleUrl: 'https://tiles.test/style.json',
      hintStorage: null,
      loadCatchReveal: async () => FakeReveal,
      ...overrides,
    }
    const view = render(net.wrap(<MapScreen {...props} />))
    device.moveTo(here)
    data.emit(drops)
    await waitFor(() => expect(document.querySelectorAll('.map-drop')).toHaveLength(drops.length))
    return { net, device, data, haptics, view, rerender: () => view.rerender(net.wrap(<MapScreen {...props} />)) }
  }

  test('behavior: offline, Collect is off and says why in plain words; back online it is on again', async () => {
    const { net } = await renderConnected([drop('a', north(20))])
    fireEvent.click(marker('a') as HTMLElement)
    net.setOnline(false)
    expect(collectButton().disabled).toBe(true)
    expect(screen.getByText("You're offline. You can collect once you're back online.")).toBeTruthy()
    net.setOnline(true)
    expect(collectButton().disabled).toBe(false)
  })

  test('behavior: offline in the middle of a collect says so (not "something went wrong"), and back online the catch finishes by itself, revealed once', async () => {
    const pendingStorage = storage()
    const pending = createPendingCollects(pendingStorage, 'alice')
    const { net, data } = await renderConnected([drop('a', north(20))], { pendingCollects: pending })
    let fail: (error: Error) => void = () => {}
    data.collect.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)))
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    // Remembered before the reply.
    expect(pending.list().map((entry) => entry.dropId)).toEqual(['a'])
    net.setOnline(false)
    await act(async () => fail(noAnswer()))
    expect(screen.getByRole('alert').textContent).toBe(
      "You're offline. Your catch is saved and finishes by itself once you're back online.",
    )
    expect(screen.queryByText(/Something went wrong/)).toBeNull()
    expect(screen.getByRole('button', { name: 'Waiting for a connection…' }).hasAttribute('disabled')).toBe(true)
    expect(pending.list()).toHaveLength(1)

    // The server did take it: asked again, it answers with the same item.
    data.collect.mockResolvedValue(gemResult)
    net.setOnline(true)
    const reveal = await screen.findByRole('dialog', { name: 'You found' })
    expect(reveal.textContent).toContain('rare gem, New!')
    expect(data.collect).toHaveBeenCalledTimes(2)
    expect(data.collect).toHaveBeenLastCalledWith('a', { ...here, accuracy: 10 })
    expect(pending.list()).toEqual([])
    expect(marker('a')).toBeNull()
    fireEvent.click(within(reveal).getByRole('button', { name: 'Continue' }))
    // Another blip later asks nothing and shows nothing again.
    net.setOnline(false)
    net.setOnline(true)
    await act(async () => {})
    expect(data.collect).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('dialog', { name: 'You found' })).toBeNull()
  })

  test('behavior: the drop leaving the live list while our own collect is out is not "no longer here": still "Collecting…"', async () => {
    const { data } = await renderConnected([drop('a', north(20))])
    let answer: (value: CollectDropResult) => void = () => {}
    data.collect.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    // The server took it and the database said so before the reply came back.
    data.emit([])
    expect(screen.queryByText('This drop is no longer here.')).toBeNull()
    expect(collectButton().textContent).toBe('Collecting…')
    await act(async () => answer(gemResult))
    expect(await screen.findByRole('dialog', { name: 'You found' })).toBeTruthy()
  })

  test('behavior: a drop taken by someone else while the sheet is open still says "no longer here"', async () => {
    const { data } = await renderConnected([drop('a', north(20))])
    fireEvent.click(marker('a') as HTMLElement)
    data.emit([])
    expect(screen.getByText('This drop is no longer here.')).toBeTruthy()
    expect(collectButton().disabled).toBe(true)
  })

  test('behavior: with only the database connection down, Collect stays on; a failed collect resumes once it is back', async () => {
    let snapshot: Connectivity = { status: 'offline', reason: 'server' }
    const listeners = new Set<() => void>()
    const store: ConnectivityStore = {
      subscribe: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      getSnapshot: () => snapshot,
      getServerSnapshot: () => snapshot,
    }
    const device = fakeGeolocation()
    const data = fakeDataSource()
    render(
      <ConnectivityContext.Provider value={store}>
        <MapScreen
          dataSource={data.source}
          geolocation={device.geolocation}
          fetch={offline}
          hintStorage={null}
          loadCatchReveal={async () => FakeReveal}
          pendingCollects={createPendingCollects(storage(), 'alice')}
        />
      </ConnectivityContext.Provider>,
    )
    device.moveTo(here)
    data.emit([drop('a', north(20))])
    await waitFor(() => expect(marker('a')).not.toBeNull())
    fireEvent.click(marker('a') as HTMLElement)
    expect(collectButton().disabled).toBe(false)
    data.collect.mockRejectedValueOnce(noAnswer())
    fireEvent.click(collectButton())
    expect((await screen.findByRole('alert')).textContent).toBe("Couldn't reach the server. Try again.")
    data.collect.mockResolvedValue(gemResult)
    snapshot = { status: 'online', reason: null }
    act(() => {
      for (const listener of listeners) listener()
    })
    expect(await screen.findByRole('dialog', { name: 'You found' })).toBeTruthy()
    expect(data.collect).toHaveBeenCalledTimes(2)
  })

  test('behavior: a network failure while online is offered again as "Try again", which succeeds once', async () => {
    const { data } = await renderConnected([drop('a', north(20))])
    data.collect.mockRejectedValueOnce(noAnswer())
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    expect((await screen.findByRole('alert')).textContent).toBe("Couldn't reach the server. Try again.")
    expect(collectButton().textContent).toBe('Try again')
    data.collect.mockResolvedValueOnce(gemResult)
    fireEvent.click(collectButton())
    expect(await screen.findByRole('dialog', { name: 'You found' })).toBeTruthy()
  })

  test('behavior: the functions answering 503 says the server is not answering, with Try again', async () => {
    const { data } = await renderConnected([drop('a', north(20))])
    data.collect.mockRejectedValueOnce(Object.assign(new Error('unavailable [503]'), { code: 'functions/unavailable' }))
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The game server isn't answering right now. Try again in a moment.",
    )
    expect(collectButton().textContent).toBe('Try again')
    expect(marker('a')).not.toBeNull()
  })

  describe('slow network', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    test(`behavior: "Collecting…" stays until the reply; after ${COLLECT_TIMEOUT_MS / 1000} s a plain message and Try again; whichever reply comes first reveals, once`, async () => {
      const { data } = await renderConnected([drop('a', north(20))])
      let first: (value: CollectDropResult) => void = () => {}
      data.collect.mockReturnValueOnce(new Promise((resolve) => (first = resolve)))
      fireEvent.click(marker('a') as HTMLElement)
      fireEvent.click(collectButton())
      act(() => vi.advanceTimersByTime(COLLECT_TIMEOUT_MS - 1))
      expect(collectButton().textContent).toBe('Collecting…')
      expect(screen.queryByRole('alert')).toBeNull()
      act(() => vi.advanceTimersByTime(1))
      expect(screen.getByRole('alert').textContent).toBe('This is taking longer than usual. Check your connection and try again.')
      expect(collectButton().textContent).toBe('Try again')
      expect(collectButton().disabled).toBe(false)

      let second: (value: CollectDropResult) => void = () => {}
      data.collect.mockReturnValueOnce(new Promise((resolve) => (second = resolve)))
      fireEvent.click(collectButton())
      expect(collectButton().textContent).toBe('Collecting…')
      expect(data.collect).toHaveBeenCalledTimes(2)
      await act(async () => second(gemResult))
      expect(await screen.findByRole('dialog', { name: 'You found' })).toBeTruthy()
      // The first, slow reply arrives after all: the same item, nothing shown twice.
      await act(async () => first(gemResult))
      expect(screen.getAllByRole('dialog', { name: 'You found' })).toHaveLength(1)
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
      expect(screen.queryByRole('dialog', { name: 'You found' })).toBeNull()
    })
  })

  test('behavior: a collect left pending (a reload, a crash) is asked again when the map opens, and revealed once', async () => {
    const pendingStorage = storage()
    const pending = createPendingCollects(pendingStorage, 'alice')
    pending.add({ dropId: 'a', lat: here.lat, lng: here.lng, accuracy: 8, kind: 'gem', rarity: 'rare', at: Date.now() })
    const net = fakeConnectivity()
    const data = fakeDataSource()
    let answer: (value: CollectDropResult) => void = () => {}
    data.collect.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    const loadCatchReveal = vi.fn(async () => FakeReveal)
    const view = render(
      net.wrap(
        <MapScreen
          dataSource={data.source}
          geolocation={fakeGeolocation().geolocation}
          fetch={offline}
          hintStorage={null}
          loadCatchReveal={loadCatchReveal}
          pendingCollects={pending}
        />,
      ),
    )
    // The reveal is fetched as the map opens, not only when a drop is picked.
    expect(loadCatchReveal).toHaveBeenCalled()
    expect(data.collect).toHaveBeenCalledWith('a', { ...here, accuracy: 8 })
    expect(screen.getByText('Finishing your last catch…')).toBeTruthy()
    await act(async () => answer({ ...gemResult, firstFind: false, count: 2 }))
    expect((await screen.findByRole('dialog', { name: 'You found' })).textContent).toContain('rare gem, You have 2')
    expect(pending.list()).toEqual([])
    expect(screen.queryByText('Finishing your last catch…')).toBeNull()
    view.unmount()

    // Opened again: nothing pending, nothing asked, nothing shown.
    render(
      net.wrap(
        <MapScreen dataSource={data.source} geolocation={null} fetch={offline} hintStorage={null} pendingCollects={pending} />,
      ),
    )
    expect(data.collect).toHaveBeenCalledTimes(1)
  })

  test('error: a pending collect the server refuses for good is cleared with a plain message', async () => {
    const pending = createPendingCollects(storage(), 'alice')
    pending.add({ dropId: 'a', lat: here.lat, lng: here.lng, accuracy: 8, kind: 'shell', rarity: 'rare', at: Date.now() })
    const data = fakeDataSource()
    data.collect.mockRejectedValue(new CollectDropError('drop_expired'))
    render(<MapScreen dataSource={data.source} geolocation={null} fetch={offline} hintStorage={null} pendingCollects={pending} />)
    expect((await screen.findByText(/could not be collected/)).textContent).toBe(
      'Your Shell could not be collected. This drop has expired.',
    )
    expect(pending.list()).toEqual([])
    expect(screen.queryByRole('dialog', { name: 'You found' })).toBeNull()
  })

  test('behavior: offline at open, a pending collect waits (nothing sent) and finishes once back online', async () => {
    const pending = createPendingCollects(storage(), 'alice')
    pending.add({ dropId: 'a', lat: here.lat, lng: here.lng, accuracy: 8, kind: 'gem', rarity: 'rare', at: Date.now() })
    const net = fakeConnectivity(false)
    const data = fakeDataSource()
    data.collect.mockResolvedValue(gemResult)
    render(
      net.wrap(
        <MapScreen
          dataSource={data.source}
          geolocation={null}
          fetch={offline}
          hintStorage={null}
          loadCatchReveal={async () => FakeReveal}
          pendingCollects={pending}
        />,
      ),
    )
    expect(data.collect).not.toHaveBeenCalled()
    net.setOnline(true)
    expect(await screen.findByRole('dialog', { name: 'You found' })).toBeTruthy()
    expect(data.collect).toHaveBeenCalledTimes(1)
  })

  test('error: a reveal chunk that failed offline still shows the reveal once back online (and stays pending until then)', async () => {
    const pending = createPendingCollects(storage(), 'alice')
    let chunkReachable = false
    const loadCatchReveal = vi.fn(async () => {
      if (!chunkReachable) throw new Error('Failed to fetch dynamically imported module')
      return FakeReveal
    })
    const { net, data, haptics } = await renderConnected([drop('a', north(20))], { pendingCollects: pending, loadCatchReveal })
    data.collect.mockResolvedValue(gemResult)
    fireEvent.click(marker('a') as HTMLElement)
    fireEvent.click(collectButton())
    expect((await screen.findByRole('status')).textContent).toBe('Gem added to your inventory.')
    expect(haptics).toHaveBeenCalledWith({ hapticsType: 'notification', style: 'success' })
    // Not revealed yet: a reload now would still show it.
    expect(pending.list()).toHaveLength(1)

    net.setOnline(false)
    chunkReachable = true
    net.setOnline(true)
    expect((await screen.findByRole('dialog', { name: 'You found' })).textContent).toContain('rare gem, New!')
    expect(pending.list()).toEqual([])
    // Revealed from memory: the server was asked once.
    expect(data.collect).toHaveBeenCalledTimes(1)
  })
})
