import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { DROP_KINDS } from './dropKinds.js'
import { inventoryItemSchema } from './inventoryItemSchema.js'
import { publicDropSchema } from './publicDropSchema.js'
import { RARITIES, RARITY_WEIGHTS } from './rarities.js'

const drop = { lat: 1.3, lng: 103.8, kind: 'gem', rarity: 'rare', expiresAt: 5 }

describe('publicDropSchema', () => {
  test('default: keeps the public fields and strips anything else (a collector never leaks through)', () => {
    expect(publicDropSchema.parse({ ...drop, collectedBy: '0xabc', collectedAt: 4 })).toEqual(drop)
  })

  test.each([
    ['an unknown kind', { ...drop, kind: 'sword' }],
    ['an unknown rarity', { ...drop, rarity: 'mythic' }],
    ['a latitude beyond the pole', { ...drop, lat: 91 }],
    ['a longitude out of range', { ...drop, lng: -181 }],
    ['no expiry', { ...drop, expiresAt: undefined }],
  ])('error: %s', (_, value) => {
    expect(publicDropSchema.safeParse(value).success).toBe(false)
  })

  test('behavior: random input never throws (property)', () => {
    fc.assert(fc.property(fc.anything(), (value) => void publicDropSchema.safeParse(value)))
  })
})

describe('inventoryItemSchema', () => {
  test('default', () => {
    const item = { kind: 'relic', rarity: 'legendary', dropId: 'w21z73t_997459_3', lat: 1, lng: 2, collectedAt: 3 }
    expect(inventoryItemSchema.parse(item)).toEqual(item)
    expect(inventoryItemSchema.safeParse({ ...item, collectedAt: 'now' }).success).toBe(false)
  })
})

test('behavior: rarity weights cover every rarity and add up to 100; every kind is distinct', () => {
  expect(Object.keys(RARITY_WEIGHTS)).toEqual([...RARITIES])
  expect(Object.values(RARITY_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100)
  expect(new Set(DROP_KINDS).size).toBe(DROP_KINDS.length)
})
