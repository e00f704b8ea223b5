import { describe, expect, test } from 'vitest'
import {
  createPendingCollects,
  getPendingStorage,
  MAX_PENDING_COLLECTS,
  PENDING_COLLECT_MAX_AGE_MS,
  PENDING_COLLECTS_KEY_PREFIX,
  type PendingCollect,
  type PendingStorage,
} from './pendingCollects.js'

function memoryStorage(): PendingStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

const now = 1_700_000_000_000
const entry = (dropId: string, at = now): PendingCollect => ({
  dropId,
  lat: 1.3,
  lng: 103.8,
  accuracy: 10,
  kind: 'gem',
  rarity: 'rare',
  at,
})

describe('createPendingCollects', () => {
  test('default: add, list (oldest first), remove; per player, under a versioned key', () => {
    const storage = memoryStorage()
    const alice = createPendingCollects(storage, 'alice', () => now)
    const bob = createPendingCollects(storage, 'bob', () => now)
    alice.add(entry('a'))
    alice.add(entry('b'))
    expect(alice.list().map((pending) => pending.dropId)).toEqual(['a', 'b'])
    expect(bob.list()).toEqual([])
    expect([...storage.data.keys()]).toEqual([`${PENDING_COLLECTS_KEY_PREFIX}alice`])
    alice.remove('a')
    expect(alice.list()).toEqual([entry('b')])
    alice.remove('b')
    // Nothing left: the key is gone, not an empty list.
    expect(storage.data.size).toBe(0)
    alice.remove('unknown')
  })

  test('behavior: the same drop again replaces its entry', () => {
    const pending = createPendingCollects(memoryStorage(), 'alice', () => now)
    pending.add(entry('a', now - 10))
    pending.add(entry('a', now))
    expect(pending.list()).toEqual([entry('a', now)])
  })

  test(`behavior: bounded to ${MAX_PENDING_COLLECTS}, the oldest go first; expired entries are dropped`, () => {
    const storage = memoryStorage()
    const pending = createPendingCollects(storage, 'alice', () => now)
    for (let index = 0; index < MAX_PENDING_COLLECTS + 3; index++) pending.add(entry(`d${index}`))
    expect(pending.list().map((item) => item.dropId)).toEqual(
      Array.from({ length: MAX_PENDING_COLLECTS }, (_, index) => `d${index + 3}`),
    )
    const later = createPendingCollects(storage, 'alice', () => now + PENDING_COLLECT_MAX_AGE_MS + 1)
    expect(later.list()).toEqual([])
  })

  test('error: what was stored is checked when read back — bad entries are dropped, the good kept', () => {
    const storage = memoryStorage()
    const key = `${PENDING_COLLECTS_KEY_PREFIX}alice`
    const pending = createPendingCollects(storage, 'alice', () => now)
    storage.setItem(key, JSON.stringify([entry('good'), { ...entry('bad'), kind: 'dragon' }, { dropId: 'x' }, 42, null]))
    expect(pending.list()).toEqual([entry('good')])
    for (const junk of ['not json', '{"a":1}', '"text"']) {
      storage.setItem(key, junk)
      expect(pending.list()).toEqual([])
    }
  })

  test('error: storage that throws (blocked, full) is the same as none, and never breaks a collect', () => {
    const throwing: PendingStorage = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    const pending = createPendingCollects(throwing, 'alice', () => now)
    expect(() => pending.add(entry('a'))).not.toThrow()
    expect(pending.list()).toEqual([])
    expect(() => pending.remove('a')).not.toThrow()
    const none = createPendingCollects(null, 'alice')
    none.add(entry('a'))
    expect(none.list()).toEqual([])
  })

  test('behavior: getPendingStorage is null without a window (server rendering)', () => {
    expect(getPendingStorage()).toBeNull()
  })
})
