import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseDropId } from '../drops/dropId.js'
import { DROP_KINDS } from '../drops/dropKinds.js'
import { publicDropSchema } from '../drops/publicDropSchema.js'
import { RARITIES, RARITY_WEIGHTS } from '../drops/rarities.js'
import { SPAWN_WINDOW_MS, spawnWindowOf } from '../drops/spawnWindow.js'
import { InvalidTimeError } from '../errors/InvalidTimeError.js'
import { cellOf } from '../geo/cellOf.js'
import { geohashBounds } from '../geo/geohashBounds.js'
import { dropsForCell, dropsForCells } from './dropsForCell.js'
import { dropsForWatchCells } from './dropsForWatchCells.js'
import { InvalidSpawnCellError } from './errors/InvalidSpawnCellError.js'
import { spawnDayOf } from './spawnDayOf.js'
import { SPAWN_RULE, SPOT_RARITY_WEIGHTS } from './spawnRule.js'
import { spotsForCells } from './spotsForCells.js'

const seed = 'test-seed'
const DAY = 24 * 60 * 60 * 1000
const now = Date.UTC(2025, 0, 1, 12, 10)
const window = spawnWindowOf(now)
/** A cell with spots on that day (found once: most cells have none, see the density test). */
const cell = ['w21z74n', 'w21z73t', 'w21z74p', 'w21z74j', 'w21z74q', 'w21z76b'].find(
  (candidate) => dropsForCell(candidate, now, { seed }).length > 0,
) as string

describe('dropsForCell', () => {
  test('default', () => {
    const drops = dropsForCell(cell, now, { seed })
    expect(drops.length).toBeGreaterThan(0)
    for (const drop of drops) {
      const { id, spawnedAt, ...record } = drop
      const address = parseDropId(id)
      expect(address).toMatchObject({ cell, watchCell: cell.slice(0, 6), window: window.index })
      expect(publicDropSchema.parse(record)).toEqual(record)
      expect(Object.keys(record).sort()).toEqual(['expiresAt', 'kind', 'lat', 'lng', 'rarity'])
      expect(spawnedAt).toBe(Date.UTC(2025, 0, 1, 12, 0))
      expect(record.expiresAt).toBe(Date.UTC(2025, 0, 1, 12, 30))
      expect(cellOf(record.lat, record.lng)).toBe(cell)
    }
  })

  test('behavior: a spot stays put all UTC day; its drop renews every window; the next day moves the spots', () => {
    const day = spawnDayOf(window.index)
    const firstWindow = day * 48
    const windows = Array.from({ length: 48 }, (_, index) =>
      dropsForCell(cell, (firstWindow + index) * SPAWN_WINDOW_MS, { seed }),
    )
    const places = (drops: (typeof windows)[number]) => drops.map(({ id, lat, lng }) => [parseDropId(id)?.index, lat, lng])
    for (const drops of windows) expect(places(drops)).toEqual(places(windows[0] ?? []))
    // Kind and rarity are the window's: over a day they change.
    const looks = new Set(windows.map((drops) => drops.map(({ kind, rarity }) => `${kind}/${rarity}`).join()))
    expect(looks.size).toBeGreaterThan(10)
    const tomorrow = dropsForCells([cell, ...'0123456789'.split('').map((c) => `w21z7${c}n`)], now + DAY, { seed })
    const today = dropsForCells([...tomorrow.keys()], now, { seed })
    const positions = (map: typeof today) => new Set([...map.values()].flat().map(({ lat, lng }) => `${lat},${lng}`))
    const todays = positions(today)
    expect([...positions(tomorrow)].some((position) => todays.has(position))).toBe(false)
  })

  test('parameters: any time in the window gives the same drops', () => {
    const first = dropsForCell(cell, window.start, { seed })
    expect(dropsForCell(cell, now, { seed })).toEqual(first)
    expect(dropsForCell(cell, window.end - 1, { seed })).toEqual(first)
    for (const drop of dropsForCell(cell, window.end, { seed })) expect(parseDropId(drop.id)?.window).toBe(window.index + 1)
  })

  test('parameters: another seed puts the drops elsewhere', () => {
    const around = [...dropsForWatchCells(['w21z74'], now, { seed: 'a' }).values()].flat()
    const other = [...dropsForWatchCells(['w21z74'], now, { seed: 'b' }).values()].flat()
    const positions = new Set(around.map(({ lat, lng }) => `${lat},${lng}`))
    expect(around.length).toBeGreaterThan(0)
    expect(other.some(({ lat, lng }) => positions.has(`${lat},${lng}`))).toBe(false)
  })

  test('parameters: beyond 85° of latitude there are no spots; at the antimeridian the thinning wraps', () => {
    expect(dropsForCell(cellOf(89.99, 179.99), now, { seed })).toEqual([])
    expect(dropsForCell(cellOf(-86, 0), now, { seed })).toEqual([])
    const east = dropsForWatchCells([cellOf(0.01, 179.999).slice(0, 6), cellOf(0.01, -179.999).slice(0, 6)], now, { seed })
    expect([...east.values()].flat().length).toBeGreaterThan(0)
  })

  test('behavior: a watch cell holds exactly the drops of its 32 spawn cells', () => {
    const drops = dropsForWatchCells(['w21z74'], now, { seed }).get('w21z74') ?? []
    const cells = [...'0123456789bcdefghjkmnpqrstuvwxyz'].map((char) => `w21z74${char}`)
    expect(drops).toEqual(cells.flatMap((spawnCell) => dropsForCell(spawnCell, now, { seed })))
  })

  test.each([
    { name: 'too short (a watch cell)', cellId: 'w21z74' },
    { name: 'too long', cellId: 'w21z74nn' },
    { name: 'not base32 (a)', cellId: 'w21z74a' },
    { name: 'uppercase', cellId: 'W21Z74N' },
    { name: 'a path', cellId: 'w21/74n' },
    { name: 'empty', cellId: '' },
  ])('error: cell id $name', ({ cellId }) => {
    expect(() => dropsForCell(cellId, now, { seed })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidSpawnCellError: Spawn cell id is invalid.

      Details: expected a geohash of 7 characters]
    `)
    expect(() => dropsForWatchCells([`${cellId}x`], now, { seed })).toThrow(InvalidSpawnCellError)
  })

  test.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('error: time %s', (time) => {
    expect(() => dropsForCell(cell, time, { seed })).toThrow(InvalidTimeError)
  })

  test('behavior: random cell ids only ever throw InvalidSpawnCellError (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 9 }), (cellId) => {
        try {
          for (const drop of dropsForCell(cellId, now, { seed })) expect(drop.id.startsWith(`${cellId}_`)).toBe(true)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidSpawnCellError)
        }
      }),
    )
  })

  test('behavior: deterministic, parseable ids, inside the cell, alive for one window (property)', () => {
    const cellArb = fc
      .tuple(fc.double({ min: -85, max: 85, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }))
      .map(([lat, lng]) => cellOf(lat, lng))
    fc.assert(
      fc.property(cellArb, fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.string(), (cellId, time, anySeed) => {
        const drops = dropsForCell(cellId, time, { seed: anySeed })
        expect(dropsForCell(cellId, time, { seed: anySeed })).toEqual(drops)
        expect(drops.length).toBeLessThanOrEqual(3)
        const { south, west, north, east } = geohashBounds(cellId)
        for (const drop of drops) {
          expect(parseDropId(drop.id)).toMatchObject({ cell: cellId, window: spawnWindowOf(time).index })
          expect(drop.lat).toBeGreaterThan(south)
          expect(drop.lat).toBeLessThan(north)
          expect(drop.lng).toBeGreaterThan(west)
          expect(drop.lng).toBeLessThan(east)
          expect(DROP_KINDS).toContain(drop.kind)
          expect(RARITIES).toContain(drop.rarity)
          expect(drop.expiresAt - drop.spawnedAt).toBe(SPAWN_WINDOW_MS)
          expect(drop.spawnedAt).toBeLessThanOrEqual(time)
        }
      }),
      { numRuns: 200 },
    )
  })

  test('behavior: RARITY_WEIGHTS is the mix of ordinary and rich spots; ordinary spots never hold rare and up', () => {
    const rich = 1 / SPAWN_RULE.richSpotEvery
    for (const rarity of RARITIES) {
      const mix = (1 - rich) * SPOT_RARITY_WEIGHTS.ordinary[rarity] + rich * SPOT_RARITY_WEIGHTS.rich[rarity]
      expect(RARITY_WEIGHTS[rarity]).toBe(mix)
    }
    expect([
      SPOT_RARITY_WEIGHTS.ordinary.rare,
      SPOT_RARITY_WEIGHTS.ordinary.epic,
      SPOT_RARITY_WEIGHTS.ordinary.legendary,
    ]).toEqual([0, 0, 0])
    expect(Object.values(SPOT_RARITY_WEIGHTS.rich).reduce<number>((sum, weight) => sum + weight, 0)).toBe(100)
    expect(Object.values(SPOT_RARITY_WEIGHTS.ordinary).reduce<number>((sum, weight) => sum + weight, 0)).toBe(100)
  })

  test('behavior: rarities follow RARITY_WEIGHTS, kinds are spread evenly, rare and up only at rich spots (fixed seed)', () => {
    const counts = Object.fromEntries(RARITIES.map((rarity) => [rarity, 0])) as Record<(typeof RARITIES)[number], number>
    const kinds = new Map<string, number>()
    let total = 0
    // 10 watch cells (320 spawn cells) × 48 windows, 4 h apart (8 days).
    const watchCells = ['w21z74', 'w21z75', 'w21z76', 'w21z77', 'w21z7k', 'u4pruy', 'dr5reg', '6gyf4b', 'gcpvj0', 'r3gx2f']
    for (let index = 0; index < 48; index++) {
      const time = now + index * 8 * SPAWN_WINDOW_MS
      const cells = watchCells.flatMap((watchCell) => [...'0123456789bcdefghjkmnpqrstuvwxyz'].map((char) => watchCell + char))
      const rich = new Set(
        [...spotsForCells(seed, cells, spawnDayOf(spawnWindowOf(time).index)).values()]
          .flat()
          .filter((spot) => spot.rich)
          .map((spot) => `${spot.cell}_${spot.index}`),
      )
      for (const drop of [...dropsForWatchCells(watchCells, time, { seed }).values()].flat()) {
        const address = parseDropId(drop.id)
        if (RARITIES.indexOf(drop.rarity) >= RARITIES.indexOf('rare'))
          expect(rich).toContain(`${address?.cell}_${address?.index}`)
        counts[drop.rarity] += 1
        kinds.set(drop.kind, (kinds.get(drop.kind) ?? 0) + 1)
        total += 1
      }
    }
    expect(total).toBeGreaterThan(4_000)
    for (const rarity of RARITIES) {
      const expected = RARITY_WEIGHTS[rarity] / 100
      // Within 4 standard deviations of a binomial share (spots repeat within a day, so a little more slack).
      const tolerance = 6 * Math.sqrt((expected * (1 - expected)) / total) + 0.005
      expect(Math.abs(counts[rarity] / total - expected), rarity).toBeLessThan(tolerance)
    }
    expect([...kinds.keys()].sort()).toEqual([...DROP_KINDS].sort())
    for (const count of kinds.values()) expect(Math.abs(count / total - 1 / DROP_KINDS.length)).toBeLessThan(0.04)
  })
})
