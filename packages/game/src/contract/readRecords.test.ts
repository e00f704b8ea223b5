import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { readDropsCell, readFoundSpots, readInventory, readStreakDrops } from './readRecords.js'

const nodes = fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.anything()))

describe('readDropsCell', () => {
  const cell = [997_459, 'w21z73'] as const
  const record = { lat: 1.2834, lng: 103.8607, kind: 'gem', rarity: 'rare', expiresAt: 1_795_428_000_000 }

  test('default: the drops of one watch cell, with their ids', () => {
    expect(readDropsCell({ w21z73t_997459_3: record, w21z73k_997459_0: { ...record, kind: 'coin' } }, ...cell)).toEqual([
      { id: 'w21z73t_997459_3', ...record },
      { id: 'w21z73k_997459_0', ...record, kind: 'coin' },
    ])
  })

  test('behavior: fields beyond the public record are dropped', () => {
    expect(readDropsCell({ w21z73t_997459_3: { ...record, collectedBy: '0xabc' } }, ...cell)).toEqual([
      { id: 'w21z73t_997459_3', ...record },
    ])
  })

  test.each([
    ['another watch cell', { w21z74t_997459_3: record }],
    ['another window', { w21z73t_997458_3: record }],
    ['not a drop id', { '../x': record, near: record }],
    ['an unknown kind', { w21z73t_997459_3: { ...record, kind: 'banana' } }],
    ['an unknown rarity', { w21z73t_997459_3: { ...record, rarity: 'mythic' } }],
    ['a latitude off the globe', { w21z73t_997459_3: { ...record, lat: 91 } }],
    ['no expiry', { w21z73t_997459_3: { ...record, expiresAt: undefined } }],
    ['a string', { w21z73t_997459_3: 'gem' }],
    ['null', { w21z73t_997459_3: null }],
  ])('error: an entry with %s is skipped', (_, value) => {
    expect(readDropsCell(value, ...cell)).toEqual([])
  })

  test.each([null, undefined, 'drops', 42, true])('error: a cell value %o is no drops', (value) => {
    expect(readDropsCell(value, ...cell)).toEqual([])
  })

  test('behavior: any value reads as valid drops of this cell, never throws', () => {
    fc.assert(
      fc.property(nodes, (value) => {
        for (const drop of readDropsCell(value, ...cell)) expect(drop.id.startsWith('w21z73')).toBe(true)
      }),
    )
  })
})

describe('readStreakDrops', () => {
  const ID = 'streak_997460_0123456789ab'
  const reward = (overrides: Record<string, unknown> = {}) => ({
    lat: 1.3,
    lng: 103.8,
    kind: 'gem',
    rarity: 'epic',
    expiresAt: 1_060_000,
    streakDay: 7,
    ...overrides,
  })

  test('default: a reward becomes a map drop under its id, with its streak day (the reveal names it)', () => {
    expect(readStreakDrops({ [ID]: reward() })).toEqual([
      { id: ID, lat: 1.3, lng: 103.8, kind: 'gem', rarity: 'epic', expiresAt: 1_060_000, streakDay: 7 },
    ])
  })

  test('behavior: extra stored fields are dropped, and an expired reward is kept (liveness is the caller clock)', () => {
    expect(readStreakDrops({ [ID]: reward({ expiresAt: 0, grantedBy: 'x' }) })).toEqual([
      { id: ID, lat: 1.3, lng: 103.8, kind: 'gem', rarity: 'epic', expiresAt: 0, streakDay: 7 },
    ])
  })

  test('error: a public drop id, a bad record or no value at all are skipped, never thrown', () => {
    expect(
      readStreakDrops({
        w21z73t_997459_3: reward(),
        streak_1_nothex: reward(),
        streak_997460_aaaaaaaaaaaa: reward({ rarity: 'mythic' }),
        streak_997460_bbbbbbbbbbbb: reward({ streakDay: 0 }),
      }),
    ).toEqual([])
    for (const value of [null, undefined, 'x', 3]) expect(readStreakDrops(value)).toEqual([])
  })

  test('behavior: any value reads as streak rewards only, never throws', () => {
    fc.assert(
      fc.property(nodes, (value) => {
        for (const drop of readStreakDrops(value)) expect(drop.id).toMatch(/^streak_\d+_[0-9a-f]{12}$/)
      }),
    )
  })
})

describe('readFoundSpots', () => {
  test('default: the spot keys', () => {
    expect(readFoundSpots({ w21z73t_3: 'w21z73t_986211_3', w21z74n_12: 'w21z74n_986230_12' })).toEqual(
      new Set(['w21z73t_3', 'w21z74n_12']),
    )
  })

  test.each([
    ['no node', null],
    ['a number', 3],
    ['a string', 'w21z73t_3'],
  ])('error: %s is no spot', (_name, value) => {
    expect(readFoundSpots(value)).toEqual(new Set())
  })

  test('error: keys that are not spots are skipped', () => {
    expect(readFoundSpots({ w21z73t_3: 'x', '../x': 'y', w21z73_3: 'z', a21z73t_1: 'q', w21z73t_100: 'r' })).toEqual(
      new Set(['w21z73t_3']),
    )
  })

  test('behavior: any value reads as well-formed spot keys only, never throws', () => {
    fc.assert(
      fc.property(nodes, (value) => {
        for (const spot of readFoundSpots(value)) expect(spot).toMatch(/^[0-9a-z]{7}_\d{1,2}$/)
      }),
    )
  })
})

describe('readInventory', () => {
  const item = (kind: string, rarity: string, collectedAt: number) => ({
    kind,
    rarity,
    dropId: `w21z73t_997459_${collectedAt}`,
    lat: 1.3,
    lng: 103.8,
    collectedAt,
  })

  test('default: the items under their keys, newest first', () => {
    expect(readInventory({ a: item('gem', 'rare', 10), b: item('coin', 'common', 30) })).toEqual([
      { id: 'b', ...item('coin', 'common', 30) },
      { id: 'a', ...item('gem', 'rare', 10) },
    ])
  })

  test('error: entries that do not parse are skipped, and no node is no items', () => {
    expect(
      readInventory({
        broken: { kind: 'gem' },
        unknown: item('banana', 'rare', 99),
        offTheMap: { ...item('gem', 'rare', 4), lat: 91 },
      }),
    ).toEqual([])
    for (const value of [null, undefined, 'nope', 3]) expect(readInventory(value)).toEqual([])
  })

  test('behavior: any value reads as items newest first, never throws', () => {
    fc.assert(
      fc.property(nodes, (value) => {
        const times = readInventory(value).map((entry) => entry.collectedAt)
        expect(times).toEqual([...times].sort((a, b) => b - a))
      }),
    )
  })
})
