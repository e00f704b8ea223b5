import { afterEach, expect, test, vi } from 'vitest'
import { createStore } from './createStore.js'

afterEach(() => {
  vi.restoreAllMocks()
})

test('default: one snapshot, replaced by set, told to every listener with the previous one', () => {
  const store = createStore({ count: 0 })
  const first = store.getSnapshot()
  const seen: Array<[number, number]> = []
  const stop = store.subscribe((next, previous) => seen.push([next.count, previous.count]))
  expect(store.getSnapshot()).toBe(first)
  store.set({ count: 1 })
  store.set({ count: 2 })
  expect(store.getSnapshot()).toEqual({ count: 2 })
  expect(seen).toEqual([
    [1, 0],
    [2, 1],
  ])
  stop()
  store.set({ count: 3 })
  expect(seen).toHaveLength(2)
})

test('behavior: listeners subscribed or unsubscribed during a notification count from the next one', () => {
  const store = createStore(0)
  const calls: string[] = []
  const late = () => calls.push('late')
  let stopSecond = () => {}
  store.subscribe(() => {
    calls.push('first')
    stopSecond()
    store.subscribe(late)
  })
  stopSecond = store.subscribe(() => calls.push('second'))
  store.set(1)
  expect(calls).toEqual(['first', 'second'])
  calls.length = 0
  store.set(2)
  expect(calls).toEqual(['first', 'late'])
})

test('error: a throwing listener is logged and the others still hear of the change', () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const store = createStore('a')
  const boom = new Error('listener failed')
  const after = vi.fn()
  store.subscribe(() => {
    throw boom
  })
  store.subscribe(after)
  expect(() => store.set('b')).not.toThrow()
  expect(after).toHaveBeenCalledWith('b', 'a')
  expect(logged).toHaveBeenCalledWith(boom)
  expect(store.getSnapshot()).toBe('b')
})
