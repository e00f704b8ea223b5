import { expect, test, vi } from 'vitest'
import { CollectDropError } from '../map/CollectDropError.js'
import { createFirebaseMapDataSource, type MapBackend } from './createFirebaseMapDataSource.js'

const NOW = 1_800_000_000_000
const center = { lat: 1.2834, lng: 103.8607 }
const drop = (overrides: Record<string, unknown> = {}) => ({
  lat: 1.2836,
  lng: 103.8609,
  geohash: 'w21z7',
  kind: 'gem',
  rarity: 'rare',
  spawnedAt: NOW - 1000,
  expiresAt: NOW + 60_000,
  ...overrides,
})

function createBackend(call: MapBackend['call'] = vi.fn(async () => ({ drops: [] }))) {
  const listeners: Array<{ path: string; onValue: (value: unknown) => void; onError: (error: Error) => void }> = []
  const unsubscribe = vi.fn()
  const backend: MapBackend = {
    call,
    watch: vi.fn((path, onValue, onError) => {
      listeners.push({ path, onValue, onError })
      return unsubscribe
    }),
    now: () => NOW,
  }
  return { backend, listeners, unsubscribe }
}

test('default: watchDrops spawns the area and streams the valid drops near the centre', () => {
  const { backend, listeners, unsubscribe } = createBackend()
  const onDrops = vi.fn()
  const stop = createFirebaseMapDataSource(backend).watchDrops(center, onDrops, vi.fn())

  expect(backend.call).toHaveBeenCalledWith('ensureDropsNear', center)
  expect(listeners[0]?.path).toBe('drops')
  listeners[0]?.onValue({
    near: drop(),
    collected: drop({ collectedBy: '0xabc' }),
    expired: drop({ expiresAt: NOW - 1 }),
    far: drop({ lat: 1.4, lng: 103.9 }),
    malformed: { lat: 'x' },
    unknownKind: drop({ kind: 'banana' }),
  })
  expect(onDrops).toHaveBeenLastCalledWith([
    { id: 'near', lat: 1.2836, lng: 103.8609, kind: 'gem', rarity: 'rare', expiresAt: NOW + 60_000 },
  ])

  listeners[0]?.onValue(null)
  expect(onDrops).toHaveBeenLastCalledWith([])
  stop()
  expect(unsubscribe).toHaveBeenCalledTimes(1)
})

test('error: a failing ensureDropsNear and a failing listener reach onError', async () => {
  const { backend, listeners } = createBackend(vi.fn(async () => Promise.reject('offline')))
  const onError = vi.fn()
  createFirebaseMapDataSource(backend).watchDrops(center, vi.fn(), onError)
  await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('offline')))
  const denied = new Error('permission_denied')
  listeners[0]?.onError(denied)
  expect(onError).toHaveBeenLastCalledWith(denied)
})

test('default: collect calls collectDrop with the fix and returns the item', async () => {
  const call = vi.fn(async () => ({ itemId: 'item-1', distance: 12.5, extra: true }))
  const source = createFirebaseMapDataSource(createBackend(call).backend)
  await expect(source.collect('drop-1', { lat: 1, lng: 2, accuracy: 8 })).resolves.toEqual({ itemId: 'item-1', distance: 12.5 })
  expect(call).toHaveBeenCalledWith('collectDrop', { dropId: 'drop-1', lat: 1, lng: 2, accuracy: 8 })
})

test('error: collect refusals become CollectDropErrors', async () => {
  const refused = Object.assign(new Error('too far'), { code: 'functions/out-of-range', details: { code: 'out_of_reach' } })
  const source = createFirebaseMapDataSource(createBackend(vi.fn(async () => Promise.reject(refused))).backend)
  const error = await source.collect('drop-1', { lat: 1, lng: 2, accuracy: 8 }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(CollectDropError)
  expect((error as CollectDropError).code).toBe('out_of_reach')

  const odd = createFirebaseMapDataSource(createBackend(vi.fn(async () => ({ nope: true }))).backend)
  await expect(odd.collect('drop-1', { lat: 1, lng: 2, accuracy: 8 })).rejects.toBeInstanceOf(CollectDropError)
})
