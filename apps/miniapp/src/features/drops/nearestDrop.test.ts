import { EARTH_RADIUS_METERS, type MapDrop } from '@worldmap/game'
import { describe, expect, test } from 'vitest'
import { arrowTarget, byDistance, nearestDrop } from './nearestDrop.js'

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180
const here = { lat: 1.3, lng: 103.8 }
const drop = (id: string, north: number): MapDrop => ({
  id,
  lat: here.lat + north / METERS_PER_DEGREE,
  lng: here.lng,
  kind: 'gem',
  rarity: 'common',
  expiresAt: 1,
})

describe('nearestDrop', () => {
  test('default: the closest drop and its distance; none without a position or drops', () => {
    const found = nearestDrop([drop('b', 300), drop('a', -120)], here)
    expect(found?.drop.id).toBe('a')
    expect(found?.distance).toBeCloseTo(120, 6)
    expect(nearestDrop([drop('a', 1)], null)).toBeNull()
    expect(nearestDrop([], here)).toBeNull()
  })

  test('behavior: the list is nearest first; without a position, in id order and without distances', () => {
    const drops = [drop('c', 50), drop('a', 300), drop('b', -10)]
    expect(byDistance(drops, here).map((row) => row.drop.id)).toEqual(['b', 'c', 'a'])
    expect(byDistance(drops, null)).toEqual([
      { drop: drops[1], distance: null },
      { drop: drops[2], distance: null },
      { drop: drops[0], distance: null },
    ])
  })

  test("behavior: the arrow's target is the player's streak reward while there is one, else the nearest drop", () => {
    const reward = drop('streak_997460_0123456789ab', 220)
    expect(arrowTarget([drop('near', 40), reward], here)?.drop.id).toBe(reward.id)
    expect(arrowTarget([drop('near', 40), drop('far', 400)], here)?.drop.id).toBe('near')
    expect(arrowTarget([reward], null)).toBeNull()
  })
})
