import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { dropSchema, RARITIES, RARITY_WEIGHTS } from './dropSchema.js'
import { DROP_GEOHASH_PRECISION, dropsForCell, MAX_DROPS_PER_CELL, MIN_DROPS_PER_CELL, SPAWN_WINDOW_MS } from './dropsForCell.js'
import { InvalidCellError } from './errors/InvalidCellError.js'
import { cellOf } from './geo/cellOf.js'
import { geohashBounds } from './geo/geohashBounds.js'

const seed = 'test-seed'
const now = Date.UTC(2025, 0, 1, 12, 10)
const cellArb = fc
  .tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }))
  .map(([lat, lng]) => cellOf(lat, lng))
const timeArb = fc.integer({ min: 0, max: 4_102_444_800_000 })

describe('dropsForCell', () => {
  test('default', () => {
    const drops = dropsForCell('w21z74n', now, { seed })
    expect(drops.length).toBeGreaterThanOrEqual(MIN_DROPS_PER_CELL)
    expect(drops.length).toBeLessThanOrEqual(MAX_DROPS_PER_CELL)
    for (const drop of drops) {
      expect(dropSchema.parse(drop)).toEqual(drop)
      expect(drop.id).toMatch(/^d[0-9a-f]{32}$/)
      expect(drop.spawnedAt).toBe(Date.UTC(2025, 0, 1, 12, 0))
      expect(drop.expiresAt).toBe(Date.UTC(2025, 0, 1, 12, 30))
    }
  })

  test('parameters: any time in the window gives the same drops; the next window new ones', () => {
    const first = dropsForCell('w21z74n', Date.UTC(2025, 0, 1, 12, 0), { seed })
    expect(dropsForCell('w21z74n', Date.UTC(2025, 0, 1, 12, 29, 59, 999), { seed })).toEqual(first)
    const next = dropsForCell('w21z74n', Date.UTC(2025, 0, 1, 12, 30), { seed })
    expect(next.map((drop) => drop.id)).not.toEqual(expect.arrayContaining(first.map((drop) => drop.id)))
  })

  test('parameters: another seed gives other drops', () => {
    const a = dropsForCell('w21z74n', now, { seed: 'a' }).map((drop) => drop.id)
    const b = dropsForCell('w21z74n', now, { seed: 'b' }).map((drop) => drop.id)
    expect(a.some((id) => b.includes(id))).toBe(false)
  })

  test.each([
    { name: 'too short', cellId: 'w21z74' },
    { name: 'too long', cellId: 'w21z74nn' },
    { name: 'not base32 (a)', cellId: 'w21z74a' },
    { name: 'uppercase', cellId: 'W21Z74N' },
    { name: 'empty', cellId: '' },
  ])('error: cell id $name', ({ cellId }) => {
    expect(() => dropsForCell(cellId, now, { seed })).toThrow(InvalidCellError)
  })

  test('error: non-finite window', () => {
    expect(() => dropsForCell('w21z74n', Number.NaN, { seed })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCellError: Map cell id is invalid.

      Details: window start must be a finite time]
    `)
  })

  test('behavior: deterministic, 2–5 unique drops inside the cell, alive for one window', () => {
    fc.assert(
      fc.property(cellArb, timeArb, fc.string(), (cellId, time, anySeed) => {
        const drops = dropsForCell(cellId, time, { seed: anySeed })
        expect(dropsForCell(cellId, time, { seed: anySeed })).toEqual(drops)
        expect(drops.length).toBeGreaterThanOrEqual(MIN_DROPS_PER_CELL)
        expect(drops.length).toBeLessThanOrEqual(MAX_DROPS_PER_CELL)
        expect(new Set(drops.map((drop) => drop.id)).size).toBe(drops.length)
        const { south, west, north, east } = geohashBounds(cellId)
        for (const drop of drops) {
          expect(drop.lat).toBeGreaterThanOrEqual(south)
          expect(drop.lat).toBeLessThan(north)
          expect(drop.lng).toBeGreaterThanOrEqual(west)
          expect(drop.lng).toBeLessThan(east)
          expect(cellOf(drop.lat, drop.lng)).toBe(cellId)
          expect(drop.geohash).toHaveLength(DROP_GEOHASH_PRECISION)
          expect(drop.geohash.startsWith(cellId)).toBe(true)
          expect(drop.spawnedAt).toBeLessThanOrEqual(time)
          expect(drop.expiresAt).toBeGreaterThan(time)
          expect(drop.expiresAt - drop.spawnedAt).toBe(SPAWN_WINDOW_MS)
        }
      }),
    )
  })

  test('behavior: rarities follow their weights', () => {
    const counts = Object.fromEntries(RARITIES.map((rarity) => [rarity, 0])) as Record<(typeof RARITIES)[number], number>
    let total = 0
    for (let window = 0; window < 4000; window++) {
      for (const drop of dropsForCell('w21z74n', window * SPAWN_WINDOW_MS, { seed })) {
        counts[drop.rarity] += 1
        total += 1
      }
    }
    for (const rarity of RARITIES) expect(Math.abs(counts[rarity] / total - RARITY_WEIGHTS[rarity] / 100)).toBeLessThan(0.02)
    expect(counts.legendary).toBeGreaterThan(0)
  })
})
