import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../test/fakeHost.js'
import { install } from './install.js'
import { DEFAULT_USERNAMES_URL } from './protocol/usernamesService.js'
import { clearOnReset, notify, resetState, state, updateUser, watchState } from './state.js'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const stops: Array<() => void> = []
/** watchState, unsubscribed after the test. */
const watch = (onChange: () => void) => {
  const stop = watchState(onChange)
  stops.push(stop)
  return stop
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  resetAll()
})

describe('state', () => {
  test('default', () => {
    expect(state).toStrictEqual({
      installed: false,
      config: { appId: null, usernamesUrl: DEFAULT_USERNAMES_URL, rpcUrl: undefined, timeout: undefined },
      user: {},
      deviceProperties: {},
      available: {},
      worldAppLocation: undefined,
    })
    expect(DEFAULT_USERNAMES_URL).toBe('https://usernames.worldcoin.org')
  })
})

describe('updateUser', () => {
  test('default', () => {
    updateUser({ walletAddress: '0xabc' })
    updateUser({ username: 'alice' })
    expect(state.user).toStrictEqual({ walletAddress: '0xabc', username: 'alice' })
  })

  test('behavior: the user object is replaced, never mutated (a new snapshot)', () => {
    const before = state.user
    updateUser({ username: 'alice' })
    expect(state.user).not.toBe(before)
    expect(before).toStrictEqual({})
  })

  test('behavior: watchers are notified after the change', () => {
    const seen: unknown[] = []
    watch(() => seen.push(state.user.username))
    updateUser({ username: 'alice' })
    updateUser({ username: 'bob' })
    expect(seen).toStrictEqual(['alice', 'bob'])
  })
})

describe('watchState', () => {
  test('default', () => {
    const onChange = vi.fn()
    watch(onChange)
    notify()
    expect(onChange).toHaveBeenCalledOnce()
  })

  test('behavior: the returned function unsubscribes', () => {
    const onChange = vi.fn()
    const stop = watch(onChange)
    stop()
    notify()
    updateUser({ username: 'x' })
    expect(onChange).not.toHaveBeenCalled()
  })

  test('behavior: every watcher is notified; one watcher added twice is called once', () => {
    const a = vi.fn()
    const b = vi.fn()
    watch(a)
    watch(a)
    watch(b)
    notify()
    expect(a).toHaveBeenCalledOnce()
    expect(b).toHaveBeenCalledOnce()
  })

  test('behavior: install notifies once installed, then again when permissions arrive', async () => {
    createFakeHost()
    const seen: unknown[] = []
    watch(() => seen.push({ installed: state.installed, permissions: state.user.permissions }))
    install('app_test')
    expect(seen).toStrictEqual([{ installed: true, permissions: undefined }])
    await flush()
    expect(seen).toStrictEqual([
      { installed: true, permissions: undefined },
      { installed: true, permissions: { notifications: true, contacts: false } },
    ])
  })

  test('behavior: a failed install does not notify', () => {
    const onChange = vi.fn()
    watch(onChange)
    install('app_test')
    expect(onChange).not.toHaveBeenCalled()
  })
})

describe('resetState', () => {
  test('default', () => {
    createFakeHost()
    install({ appId: 'app_test', timeout: 10, usernamesUrl: 'https://names.test' })
    updateUser({ walletAddress: '0xabc' })
    const onChange = vi.fn()
    watch(onChange)
    resetState()
    expect(state).toStrictEqual({
      installed: false,
      config: { appId: null, usernamesUrl: DEFAULT_USERNAMES_URL, rpcUrl: undefined, timeout: undefined },
      user: {},
      deviceProperties: {},
      available: {},
      worldAppLocation: undefined,
    })
    expect(onChange).toHaveBeenCalledOnce()
  })

  test('behavior: the config object is fresh, so earlier options do not leak', () => {
    const before = state.config
    createFakeHost()
    install({ appId: 'app_test', rpcUrl: 'https://rpc.test' })
    resetState()
    expect(state.config).not.toBe(before)
    expect(state.config.rpcUrl).toBeUndefined()
  })

  test('behavior: empties each registered module cache once, before watchers hear of the reset', () => {
    const order: string[] = []
    const clear = vi.fn(() => order.push('clear'))
    clearOnReset(clear)
    clearOnReset(clear)
    watch(() => order.push('watcher'))
    resetState()
    expect(order).toEqual(['clear', 'watcher'])
    // A cache registers again when it fills again; until then a reset leaves it alone.
    resetState()
    expect(clear).toHaveBeenCalledOnce()
  })
})
