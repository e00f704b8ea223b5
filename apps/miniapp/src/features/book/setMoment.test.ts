import { RARITIES } from '@worldmap/game'
import { expect, test } from 'vitest'
import { buildCollectionBook } from './buildCollectionBook.js'
import { celebratedKey, markCelebrated, pickSetMoment, readCelebrated, SET_MOMENT_WINDOW_MS } from './setMoment.js'

const NOW = Date.UTC(2026, 10, 26, 9)
const set = (kind: 'coin' | 'gem' | 'relic', lastAt: number) =>
  RARITIES.map((rarity, index) => ({ kind, rarity, collectedAt: index === RARITIES.length - 1 ? lastAt : lastAt - 1000 }))

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  }
}

test('default: the most recently completed set not yet celebrated, or none', () => {
  const rows = buildCollectionBook([...set('coin', NOW - 5000), ...set('gem', NOW - 1000)]).rows
  expect(pickSetMoment(rows, new Set(), NOW)).toBe('gem')
  expect(pickSetMoment(rows, new Set(['gem']), NOW)).toBe('coin')
  expect(pickSetMoment(rows, new Set(['gem', 'coin']), NOW)).toBeNull()
  // Four of five is not a set.
  expect(pickSetMoment(buildCollectionBook(set('relic', NOW).slice(1)).rows, new Set(), NOW)).toBeNull()
})

test('behavior: a set completed more than a week ago is not replayed (a new device)', () => {
  const rows = buildCollectionBook(set('relic', NOW - SET_MOMENT_WINDOW_MS - 1)).rows
  expect(pickSetMoment(rows, new Set(), NOW)).toBeNull()
  expect(pickSetMoment(buildCollectionBook(set('relic', NOW - SET_MOMENT_WINDOW_MS)).rows, new Set(), NOW)).toBe('relic')
})

test('behavior: celebrated sets are kept per player on the device', () => {
  const storage = memoryStorage()
  markCelebrated(storage, '0xA', 'coin')
  markCelebrated(storage, '0xA', 'gem')
  markCelebrated(storage, '0xA', 'coin')
  expect([...readCelebrated(storage, '0xA')]).toEqual(['coin', 'gem'])
  expect(readCelebrated(storage, '0xB').size).toBe(0)
  expect(storage.data.get(celebratedKey('0xA'))).toBe('["coin","gem"]')
})

test('error: junk, a missing or a refusing storage reads as nothing celebrated and never throws', () => {
  expect(readCelebrated(memoryStorage({ [celebratedKey('u')]: '{not json' }), 'u').size).toBe(0)
  expect([...readCelebrated(memoryStorage({ [celebratedKey('u')]: '["coin","banana",3]' }), 'u')]).toEqual(['coin'])
  expect(readCelebrated(memoryStorage({ [celebratedKey('u')]: '{"coin":true}' }), 'u').size).toBe(0)
  expect(readCelebrated(undefined, 'u').size).toBe(0)
  const refusing = {
    getItem: () => null,
    setItem: () => {
      throw new Error('QuotaExceededError')
    },
  }
  expect(() => markCelebrated(refusing, 'u', 'coin')).not.toThrow()
  expect(() => markCelebrated(undefined, 'u', 'coin')).not.toThrow()
})
