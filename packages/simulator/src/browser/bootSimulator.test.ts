import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { bootSimulator } from './bootSimulator.js'
import { type BootedHost, type BrowserSimulator, type BrowserSimulatorConfig, startSimulator } from './startSimulator.js'

type Page = Window & {
  WorldApp?: { device_os: string; supported_commands: unknown[] }
  webkit?: { messageHandlers: { minikit: { postMessage(message: unknown): void } } }
  Android?: { postMessage(json: string): void }
  worldmapSimulator?: BrowserSimulator
  MiniKit?: unknown
}
const page = window as Page

/** Boot with a loader that starts the real simulator, counting the loads. */
function boot(config: BrowserSimulatorConfig = { mode: 'scripted', geolocation: false }) {
  const loadFull = vi.fn((booted: BootedHost) => {
    startSimulator(window, config, booted)
  })
  const installed = bootSimulator(window, config, loadFull)
  return { installed, loadFull }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  const own = Object.getOwnPropertyDescriptor(window, 'worldmapSimulator')
  if (own && 'value' in own) {
    own.value?.uninstall()
    own.value?.geolocation?.restore()
  }
  delete page.worldmapSimulator
  delete page.WorldApp
  delete page.webkit
  delete page.Android
  delete page.MiniKit
  vi.useRealTimers()
})

describe('bootSimulator', () => {
  test('default: the host is in the page at once, the full simulator is not loaded', () => {
    const { installed, loadFull } = boot()
    expect(installed).toBe(true)
    expect(page.WorldApp).toMatchObject({ device_os: 'ios' })
    expect(page.WorldApp?.supported_commands.length).toBe(14) // today’s World App: 11 SDK commands + attestation, chat, close-miniapp
    expect(typeof page.webkit?.messageHandlers.minikit.postMessage).toBe('function')
    vi.runAllTimers()
    expect(loadFull).not.toHaveBeenCalled()
  })

  test('behavior: the first message schedules one load; queued messages replay in order', () => {
    const { loadFull } = boot()
    page.webkit?.messageHandlers.minikit.postMessage({ command: 'init', version: 1, payload: { version: 1, minorVersion: 96 } })
    page.webkit?.messageHandlers.minikit.postMessage({ command: 'get-permissions', version: 1, payload: {} })
    expect(loadFull).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(loadFull).toHaveBeenCalledTimes(1)
    const simulator = page.worldmapSimulator
    expect(simulator?.received.map((message) => message.command)).toEqual(['init', 'get-permissions'])
    // After the load, messages go straight to the simulator.
    page.webkit?.messageHandlers.minikit.postMessage({ command: 'send-haptic-feedback', version: 1, payload: {} })
    expect(simulator?.received.map((message) => message.command)).toEqual(['init', 'get-permissions', 'send-haptic-feedback'])
    expect(loadFull).toHaveBeenCalledTimes(1)
  })

  test('behavior: reading window.worldmapSimulator loads it synchronously, once', () => {
    const { loadFull } = boot()
    const simulator = page.worldmapSimulator
    expect(loadFull).toHaveBeenCalledTimes(1)
    expect(simulator?.wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(page.worldmapSimulator).toBe(simulator)
    // The accessor is gone: the simulator is a plain value now.
    expect(Object.getOwnPropertyDescriptor(window, 'worldmapSimulator')).toHaveProperty('value', simulator)
    vi.runAllTimers()
    expect(loadFull).toHaveBeenCalledTimes(1)
  })

  test('behavior: Android handler with JSON strings; uninstall removes the booted host', () => {
    boot({ mode: 'scripted', os: 'android', geolocation: false })
    page.Android?.postMessage(JSON.stringify({ command: 'init', version: 1, payload: { version: 1, minorVersion: 96 } }))
    vi.runAllTimers()
    const simulator = page.worldmapSimulator
    expect(simulator?.received[0]).toMatchObject({ command: 'init', raw: expect.any(String) })
    simulator?.uninstall()
    expect(page.WorldApp).toBeUndefined()
    expect(page.Android).toBeUndefined()
  })

  test('behavior: idle callback when the browser has one, with a 1 s ceiling', () => {
    const requestIdleCallback = vi.fn()
    vi.stubGlobal('requestIdleCallback', requestIdleCallback)
    try {
      const { loadFull } = boot()
      page.webkit?.messageHandlers.minikit.postMessage({ command: 'init', version: 1, payload: {} })
      page.webkit?.messageHandlers.minikit.postMessage({ command: 'init', version: 1, payload: {} })
      expect(requestIdleCallback).toHaveBeenCalledTimes(1)
      expect(requestIdleCallback.mock.calls[0]?.[1]).toEqual({ timeout: 1_000 })
      requestIdleCallback.mock.calls[0]?.[0]()
      expect(loadFull).toHaveBeenCalledTimes(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('behavior: simulated geolocation is there before the page asks, and handed to the simulator', () => {
    boot({ mode: 'scripted', geolocation: { position: { lat: 1.3, lng: 103.8 } } })
    const positions: GeolocationPosition[] = []
    navigator.geolocation.getCurrentPosition((position) => positions.push(position))
    vi.advanceTimersByTime(0)
    expect(positions[0]?.coords.latitude).toBe(1.3)
    expect(page.worldmapSimulator?.geolocation?.current()).toEqual({ lat: 1.3, lng: 103.8 })
  })

  test('edge: inside World App (or with a simulator already running) nothing is installed', () => {
    page.WorldApp = { device_os: 'android', supported_commands: [] }
    const { installed, loadFull } = boot()
    expect(installed).toBe(false)
    expect(page.webkit).toBeUndefined()
    expect(page.worldmapSimulator).toBeUndefined()
    expect(loadFull).not.toHaveBeenCalled()
  })

  test('error: a loader that throws is logged once; the page is not broken', () => {
    const loadFull = vi.fn(() => {
      throw new Error('eval blocked by CSP')
    })
    bootSimulator(window, { mode: 'scripted', geolocation: false }, loadFull)
    expect(page.worldmapSimulator).toBeUndefined()
    expect(page.worldmapSimulator).toBeUndefined()
    page.webkit?.messageHandlers.minikit.postMessage({ command: 'init', version: 1, payload: {} })
    vi.runAllTimers()
    expect(loadFull).toHaveBeenCalledTimes(1)
    expect(console.error).toHaveBeenCalledWith(
      '[simulator] the full simulator failed to load; commands stay unanswered',
      expect.any(Error),
    )
  })
})
