import { describe, expect, test } from 'vitest'
import { ConfigError } from '../errors/ConfigError.js'
import { CROWD_LIMITS, readCrowdLimits } from './crowdLimits.js'

describe('readCrowdLimits', () => {
  test('default', () => {
    expect(readCrowdLimits({})).toEqual(CROWD_LIMITS)
  })

  test('parameters: the unverified spawn limits from the environment', () => {
    expect(readCrowdLimits({ WORLDMAP_UNVERIFIED_SPAWNS_PER_REGION: '30', WORLDMAP_UNVERIFIED_SPAWNS_TOTAL: '500' })).toEqual({
      ...CROWD_LIMITS,
      unverifiedSpawnsPerRegion: 30,
      unverifiedSpawnsTotal: 500,
    })
  })

  test('error: a value that is not a positive integer is named, never shown', () => {
    const read = () => readCrowdLimits({ WORLDMAP_UNVERIFIED_SPAWNS_PER_REGION: '-3', WORLDMAP_UNVERIFIED_SPAWNS_TOTAL: 'many' })
    expect(read).toThrow(ConfigError)
    try {
      read()
    } catch (error) {
      expect((error as ConfigError).variables).toEqual([
        'WORLDMAP_UNVERIFIED_SPAWNS_PER_REGION',
        'WORLDMAP_UNVERIFIED_SPAWNS_TOTAL',
      ])
      expect((error as Error).message).not.toMatch(/-3|many/)
    }
  })
})
