import { describe, expect, test } from 'vitest'
import { mapDropSchema } from './mapDropSchema.js'

const wire = {
  id: 'd1',
  lat: 1.3521,
  lng: 103.8198,
  geohash: 'w21z7',
  kind: 'gem',
  rarity: 'epic',
  spawnedAt: 1,
  expiresAt: 2,
  collectedBy: null,
}

describe('mapDropSchema', () => {
  test('default: keeps what the map draws, drops the rest', () => {
    expect(mapDropSchema.parse(wire)).toEqual({ id: 'd1', lat: 1.3521, lng: 103.8198, kind: 'gem', rarity: 'epic', expiresAt: 2 })
  })

  test.each([
    ['unknown rarity', { rarity: 'mythic' }],
    ['unknown kind', { kind: 'sword' }],
    ['latitude out of range', { lat: 91 }],
    ['longitude out of range', { lng: -181 }],
    ['empty id', { id: '' }],
  ])('error: %s is rejected', (_, change) => {
    expect(mapDropSchema.safeParse({ ...wire, ...change }).success).toBe(false)
  })
})
