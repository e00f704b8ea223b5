import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createReconnectPolicy, RECONNECT_TIMING, type ReconnectPolicyEnvironment } from './createReconnectPolicy.js'

/** A fake world: the SDK's calls recorded in order, the device and page events fired by hand, fake timers. */
function fakeEnvironment(options: { random?: number } = {}) {
  const calls: { at: number; call: 'goOnline' | 'goOffline' }[] = []
  let connected: ((value: boolean) => void) | null = null
  const online = new Set<() => void>()
  const visible = new Set<() => void>()
  let deviceOnline = true
  let watching = false
  const environment: ReconnectPolicyEnvironment = {
    goOnline: () => calls.push({ at: Date.now(), call: 'goOnline' }),
    goOffline: () => calls.push({ at: Date.now(), call: 'goOffline' }),
    watchConnected: (onChange) => {
      connected = onChange
      watching = true
      return () => {
        watching = false
      }
    },
    isDeviceOnline: () => deviceOnline,
    onDeviceOnline: (listener) => {
      online.add(listener)
      return () => online.delete(listener)
    },
    onPageVisible: (listener) => {
      visible.add(listener)
      return () => visible.delete(listener)
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    random: () => options.random ?? 0.5,
  }
  const start = Date.now()
  return {
    environment,
    /** Calls as [ms since the start, name]. */
    calls: () => calls.map(({ at, call }) => [at - start, call] as const),
    setConnected: (value: boolean) => connected?.(value),
    setDeviceOnline: (value: boolean) => {
      deviceOnline = value
      if (value) for (const listener of online) listener()
    },
    becomeVisible: () => {
      for (const listener of visible) listener()
    },
    get listeners() {
      return { online: online.size, visible: visible.size, watching }
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createReconnectPolicy', () => {
  test('default: while the connection is down, nudges with goOnline after 1, 2, 4, then every 8 s; a socket down 20 s is replaced once', () => {
    const world = fakeEnvironment()
    createReconnectPolicy(world.environment)
    world.setConnected(false)
    vi.advanceTimersByTime(31_000)
    expect(world.calls()).toEqual([
      [1_000, 'goOnline'],
      [3_000, 'goOnline'],
      [7_000, 'goOnline'],
      [15_000, 'goOnline'],
      [23_000, 'goOffline'],
      [23_000, 'goOnline'],
      [31_000, 'goOnline'],
    ])
  })

  test('behavior: connected, nothing happens; a drop starts the backoff from 1 s again', () => {
    const world = fakeEnvironment()
    createReconnectPolicy(world.environment)
    world.setConnected(true)
    vi.advanceTimersByTime(60_000)
    expect(world.calls()).toEqual([])
    world.setConnected(false)
    vi.advanceTimersByTime(3_000)
    world.setConnected(true)
    vi.advanceTimersByTime(60_000)
    expect(world.calls()).toEqual([
      [61_000, 'goOnline'],
      [63_000, 'goOnline'],
    ])
    world.setConnected(false)
    vi.advanceTimersByTime(1_000)
    expect(world.calls().at(-1)).toEqual([124_000, 'goOnline'])
  })

  test('behavior: the device back online nudges at once and restarts the backoff; offline, nothing is nudged', () => {
    const world = fakeEnvironment()
    createReconnectPolicy(world.environment)
    world.setDeviceOnline(false)
    vi.advanceTimersByTime(30_000)
    expect(world.calls()).toEqual([])
    vi.advanceTimersByTime(500)
    world.setDeviceOnline(true)
    expect(world.calls()).toEqual([[30_500, 'goOnline']])
    vi.advanceTimersByTime(1_000)
    expect(world.calls()).toEqual([
      [30_500, 'goOnline'],
      [31_500, 'goOnline'],
    ])
  })

  test('behavior: the page visible again nudges at once, unless connected', () => {
    const world = fakeEnvironment()
    createReconnectPolicy(world.environment)
    world.becomeVisible()
    expect(world.calls()).toEqual([[0, 'goOnline']])
    world.setConnected(true)
    world.becomeVisible()
    world.setDeviceOnline(true)
    expect(world.calls()).toEqual([[0, 'goOnline']])
  })

  test('behavior: each delay is spread by the jitter, within ±20 %', () => {
    const early = fakeEnvironment({ random: 0 })
    createReconnectPolicy(early.environment)
    vi.advanceTimersByTime(800)
    expect(early.calls()).toEqual([[800, 'goOnline']])

    vi.useFakeTimers({ now: 0 })
    const late = fakeEnvironment({ random: 0.999_999 })
    createReconnectPolicy(late.environment)
    vi.advanceTimersByTime(1_199)
    expect(late.calls()).toEqual([])
    vi.advanceTimersByTime(1)
    expect(late.calls()).toEqual([[1_200, 'goOnline']])
  })

  test('behavior: stop() cancels the pending nudge and every listener', () => {
    const world = fakeEnvironment()
    const policy = createReconnectPolicy(world.environment)
    expect(world.listeners).toEqual({ online: 1, visible: 1, watching: true })
    policy.stop()
    vi.advanceTimersByTime(60_000)
    expect(world.calls()).toEqual([])
    expect(world.listeners).toEqual({ online: 0, visible: 0, watching: false })
  })

  test('behavior: the timing is configurable', () => {
    const world = fakeEnvironment()
    createReconnectPolicy(world.environment, { ...RECONNECT_TIMING, minDelayMs: 500, maxDelayMs: 1_000, jitter: 0 })
    vi.advanceTimersByTime(3_500)
    expect(world.calls().map(([at]) => at)).toEqual([500, 1_500, 2_500, 3_500])
  })
})
