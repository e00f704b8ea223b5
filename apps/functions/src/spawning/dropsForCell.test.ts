import {
  cellOf,
  DROP_KINDS,
  geohashBounds,
  parseDropId,
  publicDropSchema,
  RARITIES,
  RARITY_WEIGHTS,
  type Rarity,
  SPAWN_WINDOW_MS,
  spawnWindowOf,
} from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { GameError } from '../refusals/GameError.js'
import { InvalidCellError } from '../refusals/InvalidCellError.js'
import { dropsForCell, MAX_DROPS_PER_CELL, MIN_DROPS_PER_CELL } from './dropsForCell.js'

const seed = 'test-seed'
const cell = 'w21z74n'
const now = Date.UTC(2025, 0, 1, 12, 10)
const window = spawnWindowOf(now)
const cellArb = fc
  .tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }))
  .map(([lat, lng]) => cellOf(lat, lng))
const timeArb = fc.integer({ min: 0, max: 4_102_444_800_000 })

describe('dropsForCell', () => {
  test('default', () => {
    const drops = dropsForCell(cell, now, { seed })
    expect(drops.length).toBeGreaterThanOrEqual(MIN_DROPS_PER_CELL)
    expect(drops.length).toBeLessThanOrEqual(MAX_DROPS_PER_CELL)
    expect(drops.map((drop) => drop.id)).toEqual(drops.map((_, index) => `${cell}_${window.index}_${index}`))
    for (const [index, drop] of drops.entries()) {
      const { id, spawnedAt, ...record } = drop
      expect(parseDropId(id)).toEqual({ cell, watchCell: 'w21z74', window: window.index, index })
      expect(publicDropSchema.parse(record)).toEqual(record)
      expect(Object.keys(record).sort()).toEqual(['expiresAt', 'kind', 'lat', 'lng', 'rarity'])
      expect(spawnedAt).toBe(Date.UTC(2025, 0, 1, 12, 0))
      expect(record.expiresAt).toBe(Date.UTC(2025, 0, 1, 12, 30))
    }
  })

  test('behavior: the stated drop counts', () => {
    expect({ MIN_DROPS_PER_CELL, MAX_DROPS_PER_CELL }).toEqual({ MIN_DROPS_PER_CELL: 2, MAX_DROPS_PER_CELL: 5 })
  })

  test('parameters: any time in the window gives the same drops; the next window new ones', () => {
    const first = dropsForCell(cell, window.start, { seed })
    expect(dropsForCell(cell, now, { seed })).toEqual(first)
    expect(dropsForCell(cell, window.end - 1, { seed })).toEqual(first)
    const next = dropsForCell(cell, window.end, { seed })
    for (const drop of next) expect(parseDropId(drop.id)?.window).toBe(window.index + 1)
    expect(next.map(({ lat, lng }) => [lat, lng])).not.toEqual(first.map(({ lat, lng }) => [lat, lng]))
  })

  test('parameters: another seed puts the drops elsewhere (ids name only the cell, window and index)', () => {
    const a = dropsForCell(cell, now, { seed: 'a' })
    const b = dropsForCell(cell, now, { seed: 'b' })
    const positions = new Set(a.map(({ lat, lng }) => `${lat},${lng}`))
    expect(b.some(({ lat, lng }) => positions.has(`${lat},${lng}`))).toBe(false)
  })

  test('parameters: cells far apart (both hemispheres, the antimeridian, the poles)', () => {
    for (const [lat, lng] of [
      [0, 0],
      [-33.8688, 151.2093],
      [40.7128, -74.006],
      [89.99, 179.99],
      [-89.99, -179.99],
    ] as const) {
      const here = cellOf(lat, lng)
      for (const drop of dropsForCell(here, now, { seed })) {
        expect(cellOf(drop.lat, drop.lng)).toBe(here)
        expect(parseDropId(drop.id)?.cell).toBe(here)
      }
    }
  })

  test.each([
    { name: 'too short (a watch cell)', cellId: 'w21z74' },
    { name: 'too long', cellId: 'w21z74nn' },
    { name: 'not base32 (a)', cellId: 'w21z74a' },
    { name: 'not base32 (i, l, o)', cellId: 'w21zilo' },
    { name: 'uppercase', cellId: 'W21Z74N' },
    { name: 'a path', cellId: 'w21/74n' },
    { name: 'empty', cellId: '' },
  ])('error: cell id $name', ({ cellId }) => {
    expect(() => dropsForCell(cellId, now, { seed })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCellError: Map cell id is invalid.

      Details: expected a geohash of 7 characters]
    `)
  })

  test.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('error: time %s', (time) => {
    expect(() => dropsForCell(cell, time, { seed })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCellError: Map cell id is invalid.

      Details: window start must be a finite time]
    `)
  })

  test('behavior: random cell ids only ever throw InvalidCellError (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 9 }), (cellId) => {
        try {
          expect(dropsForCell(cellId, now, { seed })[0]?.id.startsWith(`${cellId}_`)).toBe(true)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidCellError)
          expect(error).toBeInstanceOf(GameError)
        }
      }),
    )
  })

  test('behavior: deterministic, 2–5 drops with parseable ids, inside the cell, alive for one window (property)', () => {
    fc.assert(
      fc.property(cellArb, timeArb, fc.string(), (cellId, time, anySeed) => {
        const drops = dropsForCell(cellId, time, { seed: anySeed })
        expect(dropsForCell(cellId, time, { seed: anySeed })).toEqual(drops)
        expect(drops.length).toBeGreaterThanOrEqual(MIN_DROPS_PER_CELL)
        expect(drops.length).toBeLessThanOrEqual(MAX_DROPS_PER_CELL)
        const { index: windowIndex } = spawnWindowOf(time)
        const { south, west, north, east } = geohashBounds(cellId)
        for (const [index, drop] of drops.entries()) {
          expect(parseDropId(drop.id)).toEqual({ cell: cellId, watchCell: cellId.slice(0, 6), window: windowIndex, index })
          expect(drop.lat).toBeGreaterThan(south)
          expect(drop.lat).toBeLessThan(north)
          expect(drop.lng).toBeGreaterThan(west)
          expect(drop.lng).toBeLessThan(east)
          expect(cellOf(drop.lat, drop.lng)).toBe(cellId)
          expect(DROP_KINDS).toContain(drop.kind)
          expect(RARITIES).toContain(drop.rarity)
          expect(drop.spawnedAt).toBeLessThanOrEqual(time)
          expect(drop.expiresAt).toBeGreaterThan(time)
          expect(drop.expiresAt - drop.spawnedAt).toBe(SPAWN_WINDOW_MS)
        }
      }),
    )
  })

  test('behavior: rarities follow their weights, kinds are spread evenly (fixed seed, ~14 000 drops)', () => {
    const rarities = Object.fromEntries(RARITIES.map((rarity) => [rarity, 0])) as Record<Rarity, number>
    const kinds = new Map<string, number>()
    let total = 0
    for (let index = 0; index < 4_000; index++) {
      for (const drop of dropsForCell(cell, index * SPAWN_WINDOW_MS, { seed })) {
        rarities[drop.rarity] += 1
        kinds.set(drop.kind, (kinds.get(drop.kind) ?? 0) + 1)
        total += 1
      }
    }
    // Counts are 2–5 per cell: ~3.5 on average.
    expect(total / 4_000).toBeGreaterThan(3.3)
    expect(total / 4_000).toBeLessThan(3.7)
    for (const rarity of RARITIES) {
      const expected = RARITY_WEIGHTS[rarity] / 100
      // Within 4 standard deviations of a binomial share, plus a little.
      const tolerance = 4 * Math.sqrt((expected * (1 - expected)) / total) + 0.002
      expect(Math.abs(rarities[rarity] / total - expected), rarity).toBeLessThan(tolerance)
    }
    expect(rarities.legendary).toBeGreaterThan(0)
    expect([...kinds.keys()].sort()).toEqual([...DROP_KINDS].sort())
    for (const count of kinds.values()) expect(Math.abs(count / total - 1 / DROP_KINDS.length)).toBeLessThan(0.02)
  })
})
