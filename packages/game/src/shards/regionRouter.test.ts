import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatDropId } from '../drops/dropId.js'
import { cellOf, WATCH_CELL_PRECISION, watchCellOf } from '../geo/cellOf.js'
import { GEOHASH_ALPHABET } from '../geo/encodeGeohash.js'
import { createRegionRouter, MAX_REGION_DATABASES, regionTableMiniSchema } from './regionRouter.js'
import { regionTableSchema } from './regionTableSchema.js'

const MAIN = 'https://wm-main.asia-southeast1.firebasedatabase.app'
const SEA = 'https://wm-sea-1.asia-southeast1.firebasedatabase.app'
const JKT = 'https://wm-jkt-1.asia-southeast1.firebasedatabase.app'

const geohash = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...GEOHASH_ALPHABET.split('')), minLength: min, maxLength: max })
const table = fc.dictionary(geohash(1, WATCH_CELL_PRECISION), fc.constantFrom(SEA, JKT, MAIN), { maxKeys: 12 })

describe('createRegionRouter', () => {
  it('sends a cell to the instance of its longest matching prefix, and anything unmatched to main', () => {
    const router = createRegionRouter(MAIN, { w2: SEA, w21z: JKT })
    expect(router.instanceOfCell('w21z73t')).toBe(JKT)
    expect(router.instanceOfCell('w21y00')).toBe(SEA)
    expect(router.instanceOfCell('w3gvk1')).toBe(MAIN)
    expect(router.instanceOfCell('')).toBe(MAIN)
    expect(router.instances).toEqual([MAIN, SEA, JKT])
  })

  it('routes a drop by the spawn cell its id spells out, and refuses a malformed id', () => {
    const router = createRegionRouter(MAIN, { w21: SEA })
    expect(router.instanceOfDrop('w21z73t_986211_3')).toBe(SEA)
    expect(router.instanceOfDrop('qqguwv2_986211_0')).toBe(MAIN)
    expect(router.instanceOfDrop('../w21z73t_1_1')).toBeNull()
  })

  it('with no table, one instance holds everything', () => {
    const router = createRegionRouter(MAIN)
    expect(router.instanceOfCell(cellOf(1.2834, 103.8607))).toBe(MAIN)
    expect(router.instances).toEqual([MAIN])
  })

  it('is the longest-prefix match, whatever the table (property)', () => {
    fc.assert(
      fc.property(table, geohash(0, 9), (regions, cell) => {
        const router = createRegionRouter(MAIN, regions)
        const matches = Object.keys(regions).filter((prefix) => cell.startsWith(prefix))
        const longest = matches.sort((a, b) => b.length - a.length)[0]
        expect(router.instanceOfCell(cell)).toBe(longest === undefined ? MAIN : regions[longest])
        expect(router.instances).toContain(router.instanceOfCell(cell))
      }),
    )
  })

  it('keeps a spawn cell, its watch cell and its drops on one instance (property)', () => {
    fc.assert(
      fc.property(
        table,
        fc.double({ min: -89.9, max: 89.9, noNaN: true }),
        fc.double({ min: -179.9, max: 179.9, noNaN: true }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (regions, lat, lng, window) => {
          const router = createRegionRouter(MAIN, regions)
          const spawnCell = cellOf(lat, lng)
          const instance = router.instanceOfCell(watchCellOf(lat, lng))
          expect(router.instanceOfCell(spawnCell)).toBe(instance)
          expect(router.instanceOfDrop(formatDropId({ cell: spawnCell, window, index: 0 }))).toBe(instance)
        },
      ),
    )
  })
})

// The same rules in both: classic zod for the functions, zod/mini for the app's first load.
describe.each([
  ['regionTableSchema', regionTableSchema],
  ['regionTableMiniSchema', regionTableMiniSchema],
])('%s', (_name, regionTableSchema) => {
  it('reads comma-separated prefix=url pairs, spaces and empty entries ignored', () => {
    expect(regionTableSchema.parse(` w2=${SEA} , qqg=${JKT},`)).toEqual({ w2: SEA, qqg: JKT })
    expect(regionTableSchema.parse('')).toEqual({})
    expect(regionTableSchema.parse('w21=http://127.0.0.1:9150/?ns=demo-worldmap-r1')).toEqual({
      w21: 'http://127.0.0.1:9150/?ns=demo-worldmap-r1',
    })
  })

  it.each([
    ['a prefix longer than a watch cell', `w21z73t=${SEA}`],
    ['a letter geohash does not use', `wa=${SEA}`],
    ['no URL', 'w2'],
    ['plain http to another host', 'w2=http://wm-sea-1.example'],
    ['credentials in the URL', 'w2=https://user:pass@wm-sea-1.example'],
    ['a prefix twice', `w2=${SEA},w2=${JKT}`],
    ['not a URL', 'w2=sea-1'],
  ])('refuses %s', (_, value) => {
    expect(regionTableSchema.safeParse(value).success).toBe(false)
  })

  it(`refuses more than ${MAX_REGION_DATABASES} instances`, () => {
    const many = Array.from(
      { length: MAX_REGION_DATABASES + 1 },
      (_, i) => `${GEOHASH_ALPHABET[i % 32]}${GEOHASH_ALPHABET[Math.floor(i / 32)]}=https://wm-${i}.example`,
    )
    expect(regionTableSchema.safeParse(many.join(',')).success).toBe(false)
    expect(regionTableSchema.safeParse(many.slice(1).join(',')).success).toBe(true)
  })
})

describe('regionTableSchema', () => {
  it("reports the mini schema's reasons as its own issues", () => {
    const parsed = regionTableSchema.safeParse(`w2=${SEA},w2=${JKT}`)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['a prefix appears twice'])
    expect(regionTableSchema.safeParse('wa=https://x.example').error?.issues[0]?.message).toBe(
      'a region prefix is 1–6 geohash characters',
    )
  })
})
