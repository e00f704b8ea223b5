import fc from 'fast-check'
import { describe, expect, expectTypeOf, test } from 'vitest'
import { databasePaths } from '../databasePaths.js'
import type { MapDrop } from '../drops/publicDropSchema.js'
import type { Progress } from '../progress/progressSchema.js'
import { type LiveArgs, type LiveValue, liveRecords } from './liveRecords.js'
import type { InventoryEntry } from './readRecords.js'
import type { VerificationLevelName } from './verifyHumanContract.js'

const UID = '0x00000000000000000000000000000000000A11cE'
const progress: Progress = { timeZone: 'Asia/Singapore', day: '2025-06-15', today: 1, streak: 2, best: 6, updatedAt: 5 }

test('default: each row listens where databasePaths says, with the same arguments', () => {
  expect(liveRecords.verifiedLevel.path(UID)).toBe(databasePaths.verifiedLevel(UID))
  expect(liveRecords.progress.path(UID)).toBe(databasePaths.progress(UID))
  expect(liveRecords.inventory.path(UID)).toBe(databasePaths.inventory(UID))
  expect(liveRecords.streakDrops.path(UID)).toBe(databasePaths.streakDrops(UID))
  expect(liveRecords.spotFinds.path(20_546, UID)).toBe(databasePaths.spotFinds(20_546, UID))
  expect(liveRecords.dropsCell.path(997_459, 'w21z73')).toBe(databasePaths.dropsCell(997_459, 'w21z73'))
})

test('types: each row value and arguments flow from its path and reader', () => {
  expectTypeOf<LiveValue<typeof liveRecords.verifiedLevel>>().toEqualTypeOf<VerificationLevelName | null>()
  expectTypeOf<LiveValue<typeof liveRecords.progress>>().toEqualTypeOf<Progress | null>()
  expectTypeOf<LiveValue<typeof liveRecords.inventory>>().toEqualTypeOf<InventoryEntry[]>()
  expectTypeOf<LiveValue<typeof liveRecords.streakDrops>>().toEqualTypeOf<MapDrop[]>()
  expectTypeOf<LiveValue<typeof liveRecords.spotFinds>>().toEqualTypeOf<ReadonlySet<string>>()
  expectTypeOf<LiveArgs<typeof liveRecords.dropsCell>>().toEqualTypeOf<[window: number, watchCell: string]>()
})

describe('verifiedLevel', () => {
  test('default: a known level reads as itself, anything else as not verified', () => {
    expect(liveRecords.verifiedLevel.read('orb')).toBe('orb')
    for (const value of [null, 'gold', 3, { level: 'orb' }]) expect(liveRecords.verifiedLevel.read(value)).toBeNull()
  })
})

describe('progress', () => {
  test('default: a stored record reads as itself, with no problem', () => {
    expect(liveRecords.progress.read(progress)).toEqual(progress)
    expect(liveRecords.progress.problemOf(progress)).toBeUndefined()
  })

  test('behavior: no record yet reads as null, and is no problem', () => {
    for (const value of [null, undefined]) {
      expect(liveRecords.progress.read(value)).toBeNull()
      expect(liveRecords.progress.problemOf(value)).toBeUndefined()
    }
  })

  test('error: a malformed record reads as null, and says why', () => {
    for (const value of [{ day: 'yesterday' }, 42, { ...progress, today: -1 }]) {
      expect(liveRecords.progress.read(value)).toBeNull()
      expect(liveRecords.progress.problemOf(value)).toBeInstanceOf(Error)
    }
  })

  test('behavior: any value reads as a record or null, never throws, and null with something stored has a problem', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const read = liveRecords.progress.read(value)
        expect(read === null && value != null).toBe(liveRecords.progress.problemOf(value) !== undefined)
      }),
    )
  })
})
