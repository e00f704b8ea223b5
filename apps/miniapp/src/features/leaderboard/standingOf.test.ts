import fc from 'fast-check'
import { expect, test } from 'vitest'
import { standingOf } from './standingOf.js'

const unranked = { ranked: false, rank: null, points: 0 }
const levels = fc.constantFrom(undefined, null, 'device' as const, 'orb' as const)
const you = fc.oneof(
  fc.constant(unranked),
  fc.record({ ranked: fc.constant(true), rank: fc.integer({ min: 1, max: 1e6 }), points: fc.integer({ min: 1, max: 1e4 }) }),
)

test('default: each state from its own field', () => {
  expect(standingOf(null, unranked)).toBe('unverified')
  expect(standingOf('device', unranked)).toBe('orb_needed')
  expect(standingOf('orb', unranked)).toBe('no_points_yet')
  expect(standingOf('orb', { ranked: true, rank: 3, points: 12 })).toBe('ranked')
  expect(standingOf(undefined, unranked)).toBe('unknown')
})

test('property: a player on the board is ranked whatever the level says; off it, the level alone decides', () => {
  fc.assert(
    fc.property(levels, you, (level, standing) => {
      const result = standingOf(level, standing)
      if (standing.ranked) return result === 'ranked'
      return result === { orb: 'no_points_yet', device: 'orb_needed', null: 'unverified', undefined: 'unknown' }[String(level)]
    }),
  )
})

test('property: a verified player is never told to verify; an unknown level never shows a call to action', () => {
  fc.assert(
    fc.property(levels, you, (level, standing) => {
      const result = standingOf(level, standing)
      if (level === 'orb' || level === 'device') expect(result).not.toBe('unverified')
      if (level === undefined) expect(['ranked', 'unknown']).toContain(result)
    }),
  )
})
