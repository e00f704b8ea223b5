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

/** Connect the fake world `afterMs` after a drop, so the policy has measured this link. */
function connectAfter(world: ReturnType<typeof fakeEnvironment>, afterMs: number) {
  vi.advanceTimersByTime(afterMs)
  world.setConnected(true)
}

describe('createReconnectPolicy', () => {
  test('default: while the connection is down, nudges with goOnline after 1, 2, 4, then every 8 s; before any connection, an attempt gets 10 s before it is replaced', () => {
    const world = fakeEnvironment()
    createReconnectPolicy(world.environment)
    world.setConnected(false)
    vi.advanceTimersByTime(23_000)
    expect(world.calls()).toEqual([
      [1_000, 'goOnline'],
      [3_000, 'goOnline'],
      [7_000, 'goOnline'],
      [10_000, 'goOffline'],
      [10_000, 'goOnline'],
      [15_000, 'goOnline'],
      [20_000, 'goOffline'],
      [20_000, 'goOnline'],
      [23_000, 'goOnline'],
    ])
  })

  test('behavior: a hanging socket after a drop is replaced every 3 s on a link that connected fast, and the soft nudges go on between', () => {
    const world = fakeEnvironment()
    createReconnectPolicy(world.environment)
    connectAfter(world, 200)
    vi.advanceTimersByTime(9_800)
    world.setConnected(false)
    vi.advanceTimersByTime(9_000)
    expect(world.calls()).toEqual([
      [11_000, 'goOnline'],
      [13_000, 'goOffline'],
      [13_000, 'goOnline'],
      [13_000, 'goOnline'],
      [16_000, 'goOffline'],
      [16_000, 'goOnline'],
      [17_000, 'goOnline'],
      [19_000, 'goOffline'],
      [19_000, 'goOnline'],
    ])
  })

  test('behavior: a slow link is never cut off before it could connect: the deadline is twice its fastest measured connect', () => {
    const world = fakeEnvironment()
    createReconnectPolicy(world.environment)
    // A poor link: 2.5 s from the page's start to connected.
    connectAfter(world, 2_500)
    world.setConnected(false)
    vi.advanceTimersByTime(4_999)
    expect(world.calls().filter(([, call]) => call === 'goOffline')).toEqual([])
    vi.advanceTimersByTime(1)
    expect(world.calls().filter(([, call]) => call === 'goOffline')).toEqual([[7_500, 'goOffline']])
    // It connects in 2.5 s again: no replacement while it does.
    connectAfter(world, 2_500)
    world.setConnected(false)
    connectAfter(world, 4_900)
    expect(world.calls().filter(([, call]) => call === 'goOffline')).toEqual([[7_500, 'goOffline']])
  })

  test('behavior: the deadline follows the fastest of the last three connects, so one slow reconnect (after an outage) does not stretch it', () => {
    const world = fakeEnvironment()
    createReconnectPolicy(world.environment)
    connectAfter(world, 300)
    world.setConnected(false)
    // Refused for a while: the SDK's backoff made this one take 4 s.
    connectAfter(world, 2_900)
    world.setConnected(false)
    connectAfter(world, 2_900)
    const before = world.calls().length
    world.setConnected(false)
    vi.advanceTimersByTime(3_000)
    expect(
      world
        .calls()
        .slice(before)
        .filter(([, call]) => call === 'goOffline'),
    ).toHaveLength(1)
    // Three slow connects in a row: the link is slow now, the deadline grows (2 × 2.9 s).
    connectAfter(world, 0)
    for (let i = 0; i < 3; i += 1) {
      world.setConnected(false)
      connectAfter(world, 2_900)
    }
    const later = world.calls().length
    world.setConnected(false)
    vi.advanceTimersByTime(5_799)
    expect(
      world
        .calls()
        .slice(later)
        .filter(([, call]) => call === 'goOffline'),
    ).toEqual([])
    vi.advanceTimersByTime(1)
    expect(
      world
        .calls()
        .slice(later)
        .filter(([, call]) => call === 'goOffline'),
    ).toHaveLength(1)
  })

  test('behavior: connected, nothing happens; a drop starts the backoff from 1 s again', () => {
    const world = fakeEnvironment()
    createReconnectPolicy(world.environment)
    world.setConnected(true)
    vi.advanceTimersByTime(60_000)
    expect(world.calls()).toEqual([])
    world.setConnected(false)
    vi.advanceTimersByTime(2_500)
    world.setConnected(true)
    vi.advanceTimersByTime(60_000)
    expect(world.calls()).toEqual([[61_000, 'goOnline']])
    world.setConnected(false)
    vi.advanceTimersByTime(1_000)
    expect(world.calls().at(-1)).toEqual([123_500, 'goOnline'])
  })

  test('behavior: the device back online replaces a socket not yet connected at once and restarts the backoff; offline, nothing is nudged or replaced', () => {
    const world = fakeEnvironment()
    createReconnectPolicy(world.environment)
    world.setDeviceOnline(false)
    vi.advanceTimersByTime(30_000)
    expect(world.calls()).toEqual([])
    vi.advanceTimersByTime(500)
    world.setDeviceOnline(true)
    expect(world.calls()).toEqual([
      [30_500, 'goOffline'],
      [30_500, 'goOnline'],
    ])
    vi.advanceTimersByTime(1_000)
    expect(world.calls().at(-1)).toEqual([31_500, 'goOnline'])
  })

  test('behavior: the device back online while connected changes nothing', () => {
    const world = fakeEnvironment()
    createReconnectPolicy(world.environment)
    world.setConnected(true)
    world.setDeviceOnline(true)
    vi.advanceTimersByTime(30_000)
    expect(world.calls()).toEqual([])
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

  test('behavior: stop() cancels the pending nudge, the deadline and every listener', () => {
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
    createReconnectPolicy(world.environment, {
      ...RECONNECT_TIMING,
      minDelayMs: 500,
      maxDelayMs: 1_000,
      jitter: 0,
      maxHandshakeDeadlineMs: 2_000,
    })
    vi.advanceTimersByTime(3_500)
    expect(world.calls()).toEqual([
      [500, 'goOnline'],
      [1_500, 'goOnline'],
      [2_000, 'goOffline'],
      [2_000, 'goOnline'],
      [2_500, 'goOnline'],
      [3_500, 'goOnline'],
    ])
  })
})
