import fc from 'fast-check'
import { expect, test } from 'vitest'
import { parseCellDrops } from './parseCellDrops.js'

const cell = { window: 997_459, watchCell: 'w21z73' }
const record = { lat: 1.2834, lng: 103.8607, kind: 'gem', rarity: 'rare', expiresAt: 1_795_428_000_000 }

test('default: the drops of one watch cell, with their ids', () => {
  expect(parseCellDrops({ w21z73t_997459_3: record, w21z73k_997459_0: { ...record, kind: 'coin' } }, cell)).toEqual([
    { id: 'w21z73t_997459_3', ...record },
    { id: 'w21z73k_997459_0', ...record, kind: 'coin' },
  ])
})

test('behavior: fields beyond the public record are dropped', () => {
  expect(parseCellDrops({ w21z73t_997459_3: { ...record, collectedBy: '0xabc' } }, cell)).toEqual([
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
  expect(parseCellDrops(value, cell)).toEqual([])
})

test.each([null, undefined, 'drops', 42, true])('error: a cell value %o is no drops', (value) => {
  expect(parseCellDrops(value, cell)).toEqual([])
})

test('behavior: any value parses to valid drops of this cell, never throws', () => {
  fc.assert(
    fc.property(fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.anything())), (value) => {
      for (const drop of parseCellDrops(value, cell)) expect(drop.id.startsWith('w21z73')).toBe(true)
    }),
  )
})
