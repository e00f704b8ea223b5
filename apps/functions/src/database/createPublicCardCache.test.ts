import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createPublicCardCache } from './createPublicCardCache.js'

describe('createPublicCardCache', () => {
  test('default: a card is served for 60 s after it was read, then forgotten', () => {
    const cache = createPublicCardCache()
    cache.set('p1', { username: 'alice' }, 1_000)
    expect(cache.get('p1', 1_000)).toEqual({ username: 'alice' })
    expect(cache.get('p1', 60_999)).toEqual({ username: 'alice' })
    expect(cache.get('p1', 61_000)).toBeUndefined()
    // Forgotten, not only hidden: a later read at an earlier time finds nothing either.
    expect(cache.get('p1', 2_000)).toBeUndefined()
  })

  test('parameters: ttlMs', () => {
    const cache = createPublicCardCache({ ttlMs: 10 })
    cache.set('p1', {}, 0)
    expect(cache.get('p1', 9)).toEqual({})
    expect(cache.get('p1', 10)).toBeUndefined()
  })

  test('behavior: a clock that goes backwards is a miss, never a stale card for ever', () => {
    const cache = createPublicCardCache()
    cache.set('p1', { username: 'alice' }, 10_000)
    expect(cache.get('p1', 9_999)).toBeUndefined()
  })

  test('behavior: past maxEntries the least recently used card goes first', () => {
    const cache = createPublicCardCache({ maxEntries: 2 })
    cache.set('p1', { n: 1 }, 0)
    cache.set('p2', { n: 2 }, 0)
    // Reading p1 makes p2 the least recently used.
    expect(cache.get('p1', 1)).toEqual({ n: 1 })
    cache.set('p3', { n: 3 }, 2)
    expect(cache.get('p2', 3)).toBeUndefined()
    expect(cache.get('p1', 3)).toEqual({ n: 1 })
    expect(cache.get('p3', 3)).toEqual({ n: 3 })
  })

  test('behavior: setting a card again replaces it and restarts its minute', () => {
    const cache = createPublicCardCache()
    cache.set('p1', { username: 'old' }, 0)
    cache.set('p1', { username: 'new' }, 50_000)
    expect(cache.get('p1', 100_000)).toEqual({ username: 'new' })
  })

  test('property: never holds more than maxEntries, and every hit is the last card set for that id within the ttl', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 200 })), { maxLength: 60 }),
        (maxEntries, steps) => {
          const cache = createPublicCardCache({ ttlMs: 50, maxEntries })
          const last = new Map<string, { card: { v: number }; at: number }>()
          let clock = 0
          steps.forEach(([write, key, advance], index) => {
            clock += advance % 20
            const id = `p${key}`
            if (write) {
              cache.set(id, { v: index }, clock)
              last.set(id, { card: { v: index }, at: clock })
            } else {
              const hit = cache.get(id, clock)
              if (hit !== undefined) {
                const expected = last.get(id)
                expect(expected && clock - expected.at < 50).toBe(true)
                expect(hit).toEqual(expected?.card)
              }
            }
          })
          let held = 0
          for (let key = 0; key < 8; key += 1) if (cache.get(`p${key}`, clock) !== undefined) held += 1
          expect(held).toBeLessThanOrEqual(maxEntries)
        },
      ),
    )
  })
})
