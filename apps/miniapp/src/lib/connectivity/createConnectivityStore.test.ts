import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  CONNECTIVITY_GRACE_MS,
  createConnectivityStore,
  createDeviceNetwork,
  type DeviceNetwork,
  FIRST_CONNECT_MS,
  type WatchConnected,
  watchReconnect,
} from './createConnectivityStore.js'

function fakeDevice(initial = true) {
  let online = initial
  const listeners = new Set<() => void>()
  const device: DeviceNetwork = {
    isOnline: () => online,
    subscribe(onChange) {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
  }
  return {
    device,
    listeners,
    set(next: boolean) {
      online = next
      for (const listener of [...listeners]) listener()
    },
  }
}

function fakeDatabase() {
  let emit: (connected: boolean | null) => void = () => {}
  const stop = vi.fn()
  const watchConnected: WatchConnected = vi.fn((onValue) => {
    emit = onValue
    return stop
  })
  return { watchConnected, stop, emit: (connected: boolean | null) => emit(connected) }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createConnectivityStore', () => {
  test('default: online; the device going offline counts at once, and back online at once', () => {
    const net = fakeDevice()
    const store = createConnectivityStore({ device: net.device })
    const listener = vi.fn()
    store.subscribe(listener)
    expect(store.getSnapshot()).toEqual({ status: 'online', reason: null })
    net.set(false)
    expect(store.getSnapshot()).toEqual({ status: 'offline', reason: 'device' })
    expect(listener).toHaveBeenCalledTimes(1)
    net.set(false)
    // Nothing changed: no new snapshot, no call.
    expect(listener).toHaveBeenCalledTimes(1)
    net.set(true)
    expect(store.getSnapshot().status).toBe('online')
    expect(listener).toHaveBeenCalledTimes(2)
  })

  test('behavior: the snapshot is the same object until something changes (useSyncExternalStore needs that)', () => {
    const store = createConnectivityStore({ device: fakeDevice().device })
    store.subscribe(() => {})
    expect(store.getSnapshot()).toBe(store.getSnapshot())
    expect(store.getServerSnapshot()).toEqual({ status: 'online', reason: null })
  })

  test('behavior: a dropped database connection counts only after the grace; a quick reconnect never shows', () => {
    const db = fakeDatabase()
    const store = createConnectivityStore({ device: fakeDevice().device, watchConnected: db.watchConnected })
    const listener = vi.fn()
    store.subscribe(listener)
    db.emit(true)
    db.emit(false)
    vi.advanceTimersByTime(CONNECTIVITY_GRACE_MS - 1)
    db.emit(true)
    vi.advanceTimersByTime(10 * CONNECTIVITY_GRACE_MS)
    expect(store.getSnapshot().status).toBe('online')
    expect(listener).not.toHaveBeenCalled()

    db.emit(false)
    vi.advanceTimersByTime(CONNECTIVITY_GRACE_MS)
    expect(store.getSnapshot()).toEqual({ status: 'offline', reason: 'server' })
    db.emit(true)
    expect(store.getSnapshot().status).toBe('online')
    expect(listener).toHaveBeenCalledTimes(2)
  })

  test('behavior: before the first connection the longer first-connect time applies', () => {
    const db = fakeDatabase()
    const store = createConnectivityStore({ device: fakeDevice().device, watchConnected: db.watchConnected })
    store.subscribe(() => {})
    // The SDK says "not connected" at once while it handshakes.
    db.emit(false)
    vi.advanceTimersByTime(FIRST_CONNECT_MS - 1)
    expect(store.getSnapshot().status).toBe('online')
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toEqual({ status: 'offline', reason: 'server' })
  })

  test("behavior: the first-connect clock starts at the database's first word, not while its SDK still loads", () => {
    const db = fakeDatabase()
    const store = createConnectivityStore({ device: fakeDevice().device, watchConnected: db.watchConnected, firstConnectMs: 500 })
    store.subscribe(() => {})
    vi.advanceTimersByTime(5_000)
    expect(store.getSnapshot().status).toBe('online')
    db.emit(false)
    vi.advanceTimersByTime(500)
    expect(store.getSnapshot().reason).toBe('server')
  })

  test('behavior: a watch that cannot tell (null) is no outage', () => {
    const db = fakeDatabase()
    const store = createConnectivityStore({ device: fakeDevice().device, watchConnected: db.watchConnected })
    store.subscribe(() => {})
    db.emit(null)
    vi.advanceTimersByTime(FIRST_CONNECT_MS * 2)
    expect(store.getSnapshot().status).toBe('online')
  })

  test('behavior: the device wins over the database: offline device reads "device" even with the server down', () => {
    const net = fakeDevice()
    const db = fakeDatabase()
    const store = createConnectivityStore({ device: net.device, watchConnected: db.watchConnected })
    store.subscribe(() => {})
    db.emit(true)
    net.set(false)
    db.emit(false)
    vi.advanceTimersByTime(CONNECTIVITY_GRACE_MS)
    expect(store.getSnapshot().reason).toBe('device')
    // The device is back, the database not yet: the server is what is missing now.
    net.set(true)
    expect(store.getSnapshot()).toEqual({ status: 'offline', reason: 'server' })
    db.emit(true)
    expect(store.getSnapshot().status).toBe('online')
  })

  test('behavior: nothing is watched until the first subscriber; the last one leaving stops it all', () => {
    const net = fakeDevice()
    const db = fakeDatabase()
    const store = createConnectivityStore({ device: net.device, watchConnected: db.watchConnected })
    expect(db.watchConnected).not.toHaveBeenCalled()
    expect(net.listeners.size).toBe(0)
    // Unwatched, the device is still asked.
    net.set(false)
    expect(store.getSnapshot().reason).toBe('device')
    net.set(true)
    const stopA = store.subscribe(() => {})
    const stopB = store.subscribe(() => {})
    expect(db.watchConnected).toHaveBeenCalledTimes(1)
    stopA()
    stopA()
    expect(db.stop).not.toHaveBeenCalled()
    db.emit(false)
    stopB()
    expect(db.stop).toHaveBeenCalledTimes(1)
    expect(net.listeners.size).toBe(0)
    // A pending grace timer is gone with it.
    vi.advanceTimersByTime(FIRST_CONNECT_MS)
    expect(store.getSnapshot().status).toBe('online')
  })

  test('behavior: without a device (server rendering) it is online', () => {
    const store = createConnectivityStore({ device: null })
    store.subscribe(() => {})
    expect(store.getSnapshot().status).toBe('online')
  })
})

describe('createDeviceNetwork', () => {
  test('default: navigator.onLine and the online/offline events of the window', () => {
    const target = new EventTarget() as EventTarget & { navigator: { onLine: boolean } }
    target.navigator = { onLine: true }
    const device = createDeviceNetwork(target as never)
    const onChange = vi.fn()
    const stop = device.subscribe(onChange)
    expect(device.isOnline()).toBe(true)
    target.navigator.onLine = false
    target.dispatchEvent(new Event('offline'))
    expect(device.isOnline()).toBe(false)
    target.dispatchEvent(new Event('online'))
    expect(onChange).toHaveBeenCalledTimes(2)
    stop()
    target.dispatchEvent(new Event('online'))
    expect(onChange).toHaveBeenCalledTimes(2)
  })

  test('behavior: a browser without the flag is taken as online', () => {
    const target = Object.assign(new EventTarget(), { navigator: {} })
    expect(createDeviceNetwork(target as never).isOnline()).toBe(true)
  })
})

describe('watchReconnect', () => {
  test('default: called on each way back from offline to online, never on the way down', () => {
    const net = fakeDevice(false)
    const store = createConnectivityStore({ device: net.device })
    const onReconnect = vi.fn()
    const stop = watchReconnect(store, onReconnect)
    net.set(true)
    expect(onReconnect).toHaveBeenCalledTimes(1)
    net.set(false)
    expect(onReconnect).toHaveBeenCalledTimes(1)
    net.set(true)
    expect(onReconnect).toHaveBeenCalledTimes(2)
    stop()
    net.set(false)
    net.set(true)
    expect(onReconnect).toHaveBeenCalledTimes(2)
  })
})
