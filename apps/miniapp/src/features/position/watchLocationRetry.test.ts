// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { useDevicePosition } from './useDevicePosition.js'
import type { GeolocationLike } from './watchDevicePosition.js'
import { type PermissionsLike, type VisibilityTarget, watchLocationRetry } from './watchLocationRetry.js'

/** A `navigator.permissions` whose geolocation status the test changes, as the settings app would. */
function fakePermissions(initial: PermissionState = 'denied') {
  const target = new EventTarget()
  const status = Object.assign(target, { state: initial })
  const permissions: PermissionsLike = { query: vi.fn(async () => status) }
  return {
    permissions,
    change(state: PermissionState) {
      status.state = state
      target.dispatchEvent(new Event('change'))
    },
  }
}

/** A `document` whose visibility the test flips, as leaving for the settings app and coming back does. */
function fakeVisibility() {
  const target = new EventTarget()
  const visibility = Object.assign(target, { visibilityState: 'visible' as DocumentVisibilityState })
  return {
    visibility: visibility as unknown as VisibilityTarget,
    set(state: DocumentVisibilityState) {
      visibility.visibilityState = state
      target.dispatchEvent(new Event('visibilitychange'))
    },
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('watchLocationRetry', () => {
  test('default: a permission turned granted (or back to prompt) retries; denied again does not', async () => {
    const access = fakePermissions()
    const retry = vi.fn()
    const stop = watchLocationRetry(retry, { permissions: access.permissions, visibility: null })
    await settle()
    expect(access.permissions.query).toHaveBeenCalledWith({ name: 'geolocation' })
    access.change('granted')
    access.change('denied')
    access.change('prompt')
    expect(retry).toHaveBeenCalledTimes(2)
    stop()
    access.change('granted')
    expect(retry).toHaveBeenCalledTimes(2)
  })

  test('behavior: coming back to the foreground retries; going to the background does not', () => {
    const page = fakeVisibility()
    const retry = vi.fn()
    const stop = watchLocationRetry(retry, { permissions: null, visibility: page.visibility })
    page.set('hidden')
    expect(retry).not.toHaveBeenCalled()
    page.set('visible')
    expect(retry).toHaveBeenCalledTimes(1)
    stop()
    page.set('visible')
    expect(retry).toHaveBeenCalledTimes(1)
  })

  test('behavior: stopped before the permission answered, it never listens', async () => {
    const access = fakePermissions()
    const retry = vi.fn()
    watchLocationRetry(retry, { permissions: access.permissions, visibility: null })()
    await settle()
    access.change('granted')
    expect(retry).not.toHaveBeenCalled()
  })

  test('error: a platform that does not know the geolocation permission still retries on coming back', async () => {
    const page = fakeVisibility()
    const retry = vi.fn()
    const permissions: PermissionsLike = { query: vi.fn(() => Promise.reject(new TypeError('unknown permission'))) }
    watchLocationRetry(retry, { permissions, visibility: page.visibility })
    await settle()
    page.set('visible')
    expect(retry).toHaveBeenCalledTimes(1)
  })

  test('behavior: without options it uses the page’s navigator.permissions and document', async () => {
    const access = fakePermissions()
    vi.stubGlobal('navigator', { permissions: access.permissions })
    const retry = vi.fn()
    const stop = watchLocationRetry(retry)
    await settle()
    access.change('granted')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(retry).toHaveBeenCalledTimes(2)
    stop()
    vi.unstubAllGlobals()
  })
})

describe('useDevicePosition', () => {
  function fakeDevice() {
    const callbacks: { success: PositionCallback; failure: PositionErrorCallback | null | undefined }[] = []
    const geolocation = {
      watchPosition: vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
        callbacks.push({ success, failure })
        return callbacks.length
      }),
      clearWatch: vi.fn(),
    } satisfies GeolocationLike
    const latest = () => callbacks.at(-1)
    return {
      geolocation,
      deny: () => act(() => latest()?.failure?.({ code: 1, message: 'denied' } as GeolocationPositionError)),
      fix: () =>
        act(() => latest()?.success({ coords: { latitude: 1.3, longitude: 103.8, accuracy: 5 } } as GeolocationPosition)),
    }
  }

  test('default: retry stops the watch and starts a new one, which reports the new answer', () => {
    const device = fakeDevice()
    const { result } = renderHook(() => useDevicePosition(device.geolocation, { permissions: null, visibility: null }))
    device.deny()
    expect(result.current[0]).toEqual({ status: 'denied' })
    act(() => result.current[1]())
    expect(device.geolocation.clearWatch).toHaveBeenCalledWith(1)
    expect(result.current[0]).toEqual({ status: 'locating' })
    device.fix()
    expect(result.current[0]).toEqual({ status: 'located', lat: 1.3, lng: 103.8, accuracy: 5 })
  })

  test('behavior: while denied, allowing location in the settings starts a new watch by itself; once located it stops listening', async () => {
    const device = fakeDevice()
    const access = fakePermissions()
    const { result } = renderHook(() =>
      useDevicePosition(device.geolocation, { permissions: access.permissions, visibility: null }),
    )
    // Located or locating: nothing to listen for.
    expect(access.permissions.query).not.toHaveBeenCalled()
    device.deny()
    await act(settle)
    expect(access.permissions.query).toHaveBeenCalledTimes(1)
    act(() => access.change('granted'))
    expect(device.geolocation.watchPosition).toHaveBeenCalledTimes(2)
    device.fix()
    expect(result.current[0].status).toBe('located')
    act(() => access.change('granted'))
    expect(device.geolocation.watchPosition).toHaveBeenCalledTimes(2)
  })
})
