import { VerificationLevel } from '@worldmap/minikit'
import { describe, expect, test } from 'vitest'
import { VERIFICATION_LEVELS, verificationLevelOf } from './verifyHumanContract.js'

describe('verificationLevelOf', () => {
  test('default: every level reads as itself', () => {
    for (const level of VERIFICATION_LEVELS) expect(verificationLevelOf(level)).toBe(level)
  })

  test('behavior: anything else reads as not verified', () => {
    for (const junk of [undefined, null, '', 'ORB', 'gold', 1, {}, ['orb']]) expect(verificationLevelOf(junk)).toBeNull()
  })

  test('parameters: the game knows the levels the SDK asks World App for, weakest first', () => {
    expect(new Set(VERIFICATION_LEVELS)).toEqual(new Set(Object.values(VerificationLevel)))
    expect(VERIFICATION_LEVELS[0]).toBe('device')
    expect(VERIFICATION_LEVELS.at(-1)).toBe('orb')
  })
})
