import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  DEFAULT_POSITION,
  distanceInMeters,
  type LatLng,
  POSITION_STORAGE_KEY,
  simulateGeolocation,
} from './simulateGeolocation.js'

// Marina Bay: A, ~111 m north to B, then ~111 m east to C.
const A = { lat: 1.2834, lng: 103.8607 }
const B = { lat: 1.2844, lng: 103.8607 }
const C = { lat: 1.2844, lng: 103.8617 }

let geo: ReturnType<typeof simulateGeolocation> | undefined

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  geo?.restore()
  geo = undefined
  vi.useRealTimers()
})

function getCurrentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject)
    vi.advanceTimersByTime(0)
  })
}

const at = (position: GeolocationPosition): LatLng => ({ lat: position.coords.latitude, lng: position.coords.longitude })

/** Whether `p` lies on the segment from `from` to `to` (within a centimetre). */
const onSegment = (p: LatLng, from: LatLng, to: LatLng) =>
  Math.abs(distanceInMeters(from, p) + distanceInMeters(p, to) - distanceInMeters(from, to)) < 0.01

describe('distanceInMeters', () => {
  test('default: one degree of latitude is about 111 195 m', () => {
    const meters = distanceInMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })
    expect(Math.abs(meters - 111_195) / 111_195).toBeLessThan(0.001)
  })

  test('behavior: zero, symmetric, half the globe at most', () => {
    expect(distanceInMeters(A, A)).toBe(0)
    expect(distanceInMeters(A, C)).toBe(distanceInMeters(C, A))
    expect(distanceInMeters(A, B)).toBeCloseTo(111.2, 1)
    expect(distanceInMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6_371_000, 0)
  })
})

describe('simulateGeolocation', () => {
  test('default: Marina Bay, 5 m accuracy, answered asynchronously', async () => {
    geo = simulateGeolocation(window)
    const success = vi.fn()
    navigator.geolocation.getCurrentPosition(success)
    expect(success).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    const position = success.mock.calls[0]?.[0] as GeolocationPosition
    expect(position.coords).toMatchObject({
      latitude: DEFAULT_POSITION.lat,
      longitude: DEFAULT_POSITION.lng,
      accuracy: 5,
      altitude: null,
      altitudeAccuracy: null,
      heading: null,
      speed: null,
    })
    expect(position.timestamp).toBe(Date.now())
    expect(position.coords.toJSON()).toMatchObject({ latitude: DEFAULT_POSITION.lat, longitude: DEFAULT_POSITION.lng })
    expect(JSON.parse(JSON.stringify(position))).toEqual({
      coords: {
        latitude: DEFAULT_POSITION.lat,
        longitude: DEFAULT_POSITION.lng,
        accuracy: 5,
        altitude: null,
        altitudeAccuracy: null,
        heading: null,
        speed: null,
      },
      timestamp: Date.now(),
    })
    expect(geo.current()).toEqual(DEFAULT_POSITION)
  })

  test('parameters: a fixed position and accuracy', async () => {
    geo = simulateGeolocation(window, { position: B, accuracy: 20 })
    const position = await getCurrentPosition()
    expect(at(position)).toEqual(B)
    expect(position.coords.accuracy).toBe(20)
    vi.advanceTimersByTime(60_000)
    expect(at(await getCurrentPosition())).toEqual(B)
  })

  test('behavior: walking a route at 1.4 m/s, watched every second, then staying at the end', () => {
    geo = simulateGeolocation(window, { route: [A, B, C] })
    const seen: LatLng[] = []
    const id = navigator.geolocation.watchPosition((position) => seen.push(at(position)))
    vi.advanceTimersByTime(0)
    expect(seen).toEqual([A])

    vi.advanceTimersByTime(10_000)
    expect(seen).toHaveLength(11)
    const after10s = seen.at(-1) as LatLng
    expect(distanceInMeters(A, after10s)).toBeCloseTo(14, 1)
    expect(onSegment(after10s, A, B)).toBe(true)

    vi.advanceTimersByTime(90_000) // 140 m: past B, on the way to C
    const after100s = geo.current()
    expect(onSegment(after100s, B, C)).toBe(true)
    expect(distanceInMeters(B, after100s)).toBeCloseTo(140 - distanceInMeters(A, B), 1)

    vi.advanceTimersByTime(1_000_000)
    expect(geo.current()).toEqual(C)
    expect(seen.at(-1)).toEqual(C)

    navigator.geolocation.clearWatch(id)
    const count = seen.length
    vi.advanceTimersByTime(5_000)
    expect(seen).toHaveLength(count)
  })

  test('parameters: speed and interval', () => {
    geo = simulateGeolocation(window, { route: [A, B], speed: 10, interval: 250 })
    const seen: LatLng[] = []
    navigator.geolocation.watchPosition((position) => seen.push(at(position)))
    vi.advanceTimersByTime(1_000)
    expect(seen).toHaveLength(5)
    expect(distanceInMeters(A, seen.at(-1) as LatLng)).toBeCloseTo(10, 1)
  })

  test('behavior: a start position before a route walks the whole route from there', () => {
    const start = { lat: 1.2834, lng: 103.8597 } // ~111 m west of A, off the line A→B
    geo = simulateGeolocation(window, { position: start, route: [A, B] })
    expect(geo.current()).toEqual(start)
    const toA = distanceInMeters(start, A)
    vi.advanceTimersByTime((toA / 1.4) * 1000)
    expect(distanceInMeters(geo.current(), A)).toBeLessThan(0.01)
    vi.advanceTimersByTime(1_000_000)
    expect(geo.current()).toEqual(B)
  })

  test('behavior: set() jumps and stops walking; walk() starts from where the device is', () => {
    geo = simulateGeolocation(window, { route: [A, B] })
    vi.advanceTimersByTime(10_000)
    geo.set(C)
    expect(geo.current()).toEqual(C)
    vi.advanceTimersByTime(60_000)
    expect(geo.current()).toEqual(C)

    geo.walk([B], 2)
    vi.advanceTimersByTime(5_000)
    expect(distanceInMeters(C, geo.current())).toBeCloseTo(10, 1)
    expect(onSegment(geo.current(), C, B)).toBe(true)

    const from = geo.current()
    geo.walk([A]) // keeps 2 m/s
    vi.advanceTimersByTime(5_000)
    expect(distanceInMeters(from, geo.current())).toBeCloseTo(10, 1)
    vi.advanceTimersByTime(1_000_000)
    expect(geo.current()).toEqual(A)
  })

  test('behavior: walking through a repeated point', () => {
    geo = simulateGeolocation(window, { route: [A, A, B] })
    vi.advanceTimersByTime(10_000)
    expect(distanceInMeters(A, geo.current())).toBeCloseTo(14, 1)
  })

  test('error: denied answers PERMISSION_DENIED, until allowed again', () => {
    geo = simulateGeolocation(window, { position: A, denied: true })
    const success = vi.fn()
    const error = vi.fn()
    navigator.geolocation.getCurrentPosition(success, error)
    const id = navigator.geolocation.watchPosition(success, error)
    vi.advanceTimersByTime(1_000)
    expect(success).not.toHaveBeenCalled()
    expect(error).toHaveBeenCalledTimes(3)
    expect(error.mock.calls[0]?.[0]).toMatchObject({
      code: 1,
      message: 'User denied Geolocation',
      PERMISSION_DENIED: 1,
      POSITION_UNAVAILABLE: 2,
      TIMEOUT: 3,
    })
    // No error callback: nothing happens, nothing throws.
    navigator.geolocation.getCurrentPosition(success)
    vi.advanceTimersByTime(0)
    expect(success).not.toHaveBeenCalled()

    geo.setDenied(false)
    vi.advanceTimersByTime(1_000)
    expect(success).toHaveBeenCalledTimes(1)
    navigator.geolocation.clearWatch(id)
  })

  test('behavior: restore() puts the browser’s geolocation back and stops every watch', () => {
    const before = navigator.geolocation
    geo = simulateGeolocation(window, { position: A })
    const fake = navigator.geolocation
    expect(fake).not.toBe(before)
    const success = vi.fn()
    fake.watchPosition(success)
    fake.watchPosition(success)
    vi.advanceTimersByTime(0)
    expect(success).toHaveBeenCalledTimes(2)
    geo.restore()
    geo = undefined
    expect(navigator.geolocation).toBe(before)
    vi.advanceTimersByTime(10_000)
    expect(success).toHaveBeenCalledTimes(2)
  })

  test('behavior: restore() keeps a geolocation the page defined itself', () => {
    const own = { getCurrentPosition: vi.fn() }
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: own })
    geo = simulateGeolocation(window)
    expect(navigator.geolocation).not.toBe(own)
    geo.restore()
    geo = undefined
    expect(navigator.geolocation).toBe(own)
    delete (navigator as { geolocation?: unknown }).geolocation
  })
})

describe('remember (position across reloads)', () => {
  afterEach(() => localStorage.clear())

  test('behavior: the last position set is where the next load starts', async () => {
    geo = simulateGeolocation(window, { remember: true })
    expect(geo.current()).toEqual(DEFAULT_POSITION)
    geo.set(B)
    geo.restore()
    // A reload: a new simulated device in the same origin.
    geo = simulateGeolocation(window, { remember: true })
    expect(at(await getCurrentPosition())).toEqual(B)
  })

  test('behavior: a walk in progress is saved when the page goes away', () => {
    geo = simulateGeolocation(window, { remember: true, position: A })
    geo.walk([B], 10)
    vi.advanceTimersByTime(5_000)
    window.dispatchEvent(new Event('pagehide'))
    const saved = JSON.parse(localStorage.getItem(POSITION_STORAGE_KEY) ?? '{}') as LatLng
    expect(distanceInMeters(A, saved)).toBeCloseTo(50, 0)
  })

  test('behavior: an explicit start or route wins over the remembered position', () => {
    localStorage.setItem(POSITION_STORAGE_KEY, JSON.stringify(C))
    geo = simulateGeolocation(window, { remember: true, position: A })
    expect(geo.current()).toEqual(A)
    geo.restore()
    geo = simulateGeolocation(window, { remember: true, route: [B, C] })
    expect(geo.current()).toEqual(B)
  })

  test('edge: without remember nothing is read or written', () => {
    localStorage.setItem(POSITION_STORAGE_KEY, JSON.stringify(C))
    geo = simulateGeolocation(window)
    expect(geo.current()).toEqual(DEFAULT_POSITION)
    geo.set(A)
    expect(JSON.parse(localStorage.getItem(POSITION_STORAGE_KEY) ?? '{}')).toEqual(C)
  })

  test('error: a stored value that is no position is ignored', () => {
    localStorage.setItem(POSITION_STORAGE_KEY, JSON.stringify({ lat: 500, lng: 'x' }))
    geo = simulateGeolocation(window, { remember: true })
    expect(geo.current()).toEqual(DEFAULT_POSITION)
  })
})
