// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'

const firebase = vi.hoisted(() => ({
  watch: vi.fn<(path: string, onValue: (value: unknown) => void, onError: (error: Error) => void) => () => void>(),
}))
vi.mock('../firebase/watchFirebaseValue.js', () => ({ watchFirebaseValue: firebase.watch }))

beforeEach(() => {
  vi.useFakeTimers()
  vi.resetModules()
})
afterEach(() => {
  vi.useRealTimers()
})

test("default: one store per page, watching the window and the database's own `.info/connected`", async () => {
  const { getConnectivityStore } = await import('./getConnectivityStore.js')
  const stop = vi.fn()
  let emit: (value: unknown) => void = () => {}
  let fail: (error: Error) => void = () => {}
  firebase.watch.mockImplementation((_path, onValue, onError) => {
    emit = onValue
    fail = onError
    return stop
  })
  const store = getConnectivityStore()
  expect(getConnectivityStore()).toBe(store)
  const unsubscribe = store.subscribe(() => {})
  expect(firebase.watch).toHaveBeenCalledWith('.info/connected', expect.any(Function), expect.any(Function))
  emit(true)
  emit(false)
  vi.advanceTimersByTime(2_000)
  expect(store.getSnapshot()).toEqual({ status: 'offline', reason: 'server' })
  // A watch that fails cannot tell: not an outage.
  fail(new Error('permission denied'))
  expect(store.getSnapshot().status).toBe('online')
  unsubscribe()
  expect(stop).toHaveBeenCalled()
})
