import { databasePaths, formatDropId, formatStreakDropId } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { describe, expect, test } from 'vitest'
import { dropHomeOf } from './dropHomeOf.js'
import type { GameDatabases } from './gameDatabases.js'

const main = { name: 'main' } as unknown as Database
const region = { name: 'region' } as unknown as Database
const players = { name: 'players' } as unknown as Database
const nextRegion = { name: 'next region' } as unknown as Database
/** A table switch moves Singapore to its own instance from this window on. */
const SWITCH_WINDOW = 964_297
const databases: GameDatabases = {
  main,
  ofCell: (cell, window) => (cell.startsWith('w21') ? (window >= SWITCH_WINDOW ? nextRegion : region) : main),
  regional: [main, region, nextRegion],
  ofPlayer: () => players,
  ofCounterShard: () => main,
  leaderboardHomeOf: () => main,
  leaderboardsOf: () => [main],
  players: [players],
  leaderboards: [main],
  all: [main, region, players, nextRegion],
  forPlayer: async () => databases,
}
const uid = '0x52908400098527886E0F7030069857D2E4169EE7'

describe('dropHomeOf', () => {
  test('default: a public drop lives on its region, with its spot of the UTC day', () => {
    const id = formatDropId({ cell: 'w21z73t', window: 964_296, index: 1 })
    expect(dropHomeOf(databases, id, uid)).toEqual({
      database: region,
      recordPath: databasePaths.drop(964_296, 'w21z73', id),
      claimPath: databasePaths.claim(964_296, id),
      window: 964_296,
      spot: { day: 20_089, key: 'w21z73t_1' },
    })
  })

  test("behavior: a drop lives where its own window was routed: the last window before a table switch on the old region's instance", () => {
    const before = formatDropId({ cell: 'w21z73t', window: SWITCH_WINDOW - 1, index: 1 })
    const after = formatDropId({ cell: 'w21z73t', window: SWITCH_WINDOW, index: 1 })
    expect(dropHomeOf(databases, before, uid)?.database).toBe(region)
    expect(dropHomeOf(databases, after, uid)?.database).toBe(nextRegion)
  })

  test('behavior: a streak reward lives under the caller on their player instance, so another caller looks at their own', () => {
    const id = formatStreakDropId({ window: 964_300, token: '0123456789ab' })
    expect(dropHomeOf(databases, id, uid)).toEqual({
      database: players,
      recordPath: databasePaths.streakDrop(uid, id),
      claimPath: databasePaths.claim(964_300, id),
      window: 964_300,
      spot: null,
    })
    expect(dropHomeOf(databases, id, '0x0')?.recordPath).toBe(databasePaths.streakDrop('0x0', id))
  })

  test.each(['', 'w21z73t', 'streak_1_xyz', '../claims', 'w21z73t_1_2_3'])('error: %j is no drop', (id) => {
    expect(dropHomeOf(databases, id, uid)).toBeNull()
  })
})
