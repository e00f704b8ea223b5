import { describe, expect, test, vi } from 'vitest'
import { type DevicePositionState, type GeolocationLike, watchDevicePosition } from './watchDevicePosition.js'

/** A scriptable `navigator.geolocation`: the test decides what the device reports. */
function fakeGeolocation() {
  let success: PositionCallback | undefined
  let failure: PositionErrorCallback | null | undefined
  const geolocation = {
    watchPosition: vi.fn((onSuccess: PositionCallback, onError?: PositionErrorCallback | null) => {
      success = onSuccess
      failure = onError
      return 7
    }),
    clearWatch: vi.fn(),
  } satisfies GeolocationLike
  return {
    geolocation,
    fix(lat: number, lng: number, accuracy: number) {
      success?.({ coords: { latitude: lat, longitude: lng, accuracy } } as GeolocationPosition)
    },
    fail(code: 1 | 2 | 3) {
      failure?.({ code, message: 'x', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError)
    },
  }
}

function record(geolocation: GeolocationLike | null) {
  const states: DevicePositionState[] = []
  const stop = watchDevicePosition((state) => states.push(state), { geolocation })
  return { states, stop }
}

describe('watchDevicePosition', () => {
  test('default: locating, then each fix as located', () => {
    const device = fakeGeolocation()
    const { states } = record(device.geolocation)
    device.fix(1.3, 103.8, 12)
    device.fix(1.31, 103.81, 8)
    expect(states).toEqual([
      { status: 'locating' },
      { status: 'located', lat: 1.3, lng: 103.8, accuracy: 12 },
      { status: 'located', lat: 1.31, lng: 103.81, accuracy: 8 },
    ])
    expect(device.geolocation.watchPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      maximumAge: 5_000,
      timeout: 20_000,
    })
  })

  test('behavior: permission denied is its own state', () => {
    const device = fakeGeolocation()
    const { states } = record(device.geolocation)
    device.fail(1)
    expect(states).toEqual([{ status: 'locating' }, { status: 'denied' }])
  })

  test('behavior: no geolocation API is unavailable at once', () => {
    const { states } = record(null)
    expect(states).toEqual([{ status: 'unavailable', reason: 'no-service' }])
  })

  test('behavior: reads navigator.geolocation when none is passed', () => {
    const device = fakeGeolocation()
    vi.stubGlobal('navigator', { geolocation: device.geolocation })
    const states: DevicePositionState[] = []
    watchDevicePosition((state) => states.push(state))
    device.fix(48.85, 2.35, 20)
    expect(states.at(-1)).toEqual({ status: 'located', lat: 48.85, lng: 2.35, accuracy: 20 })
  })

  test('behavior: no fix before a timeout or a lost signal is unavailable, with a reason', () => {
    const timedOut = fakeGeolocation()
    const a = record(timedOut.geolocation)
    timedOut.fail(3)
    expect(a.states.at(-1)).toEqual({ status: 'unavailable', reason: 'timeout' })

    const lost = fakeGeolocation()
    const b = record(lost.geolocation)
    lost.fail(2)
    expect(b.states.at(-1)).toEqual({ status: 'unavailable', reason: 'no-signal' })
    // The watch keeps going: a late fix still arrives.
    lost.fix(1, 2, 3)
    expect(b.states.at(-1)).toEqual({ status: 'located', lat: 1, lng: 2, accuracy: 3 })
  })

  test('behavior: after a fix, transient errors keep the last fix but a revoked permission does not', () => {
    const device = fakeGeolocation()
    const { states } = record(device.geolocation)
    device.fix(1.3, 103.8, 12)
    device.fail(3)
    device.fail(2)
    expect(states.at(-1)).toEqual({ status: 'located', lat: 1.3, lng: 103.8, accuracy: 12 })
    device.fail(1)
    expect(states.at(-1)).toEqual({ status: 'denied' })
  })

  test('behavior: stop clears the watch and ignores late reports', () => {
    const device = fakeGeolocation()
    const { states, stop } = record(device.geolocation)
    stop()
    device.fix(1, 2, 3)
    device.fail(1)
    expect(device.geolocation.clearWatch).toHaveBeenCalledWith(7)
    expect(states).toEqual([{ status: 'locating' }])
  })
})
