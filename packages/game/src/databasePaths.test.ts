import { expect, test } from 'vitest'
import { databasePaths, LEADERBOARD_BLOCK_POINTS } from './databasePaths.js'

test('default: every path the data model names (docs/data-model.md)', () => {
  const uid = '0x52908400098527886E0F7030069857D2E4169EE7'
  expect(databasePaths.dropsCell(997459, 'w21z73')).toBe('drops/997459/w21z73')
  expect(databasePaths.drop(997459, 'w21z73', 'w21z73t_997459_3')).toBe('drops/997459/w21z73/w21z73t_997459_3')
  expect(databasePaths.spawnedCell(997459, 'w21z73t')).toBe('spawned/997459/w21z73t')
  expect(databasePaths.claim(997459, 'w21z73t_997459_3')).toBe('claims/997459/w21z73t_997459_3')
  expect(databasePaths.streakDrops(uid)).toBe(`streakDrops/${uid}`)
  expect(databasePaths.streakDrop(uid, 'streak_997459_0123456789ab')).toBe(`streakDrops/${uid}/streak_997459_0123456789ab`)
  expect(databasePaths.streakRewardsDay(20418)).toBe('streakRewards/20418')
  expect(databasePaths.streakReward(20418, uid)).toBe(`streakRewards/20418/${uid}`)
  expect(databasePaths.spotFindsDay(20418)).toBe('spotFinds/20418')
  expect(databasePaths.spotFind(20418, uid, 'w21z73t_1')).toBe(`spotFinds/20418/${uid}/w21z73t_1`)
  expect(databasePaths.spotFinds(20418, uid)).toBe(`spotFinds/20418/${uid}`)
  expect(databasePaths.inventory(uid)).toBe(`inventories/${uid}`)
  expect(databasePaths.inventoryItem(uid, 'w21z73t_997459_3')).toBe(`inventories/${uid}/w21z73t_997459_3`)
  expect(databasePaths.profile(uid)).toBe(`profiles/${uid}`)
  expect(databasePaths.publicProfile('p0123')).toBe('publicProfiles/p0123')
  expect(databasePaths.player(uid)).toBe(`players/${uid}`)
  expect(databasePaths.verifiedLevel(uid)).toBe(`profiles/${uid}/verifiedLevel`)
  expect(databasePaths.progress(uid)).toBe(`profiles/${uid}/progress`)
  expect(databasePaths.collection(uid)).toBe(`profiles/${uid}/collection`)
  expect(databasePaths.week(uid)).toBe(`profiles/${uid}/week`)
  expect(databasePaths.leaderboard(2968)).toBe('leaderboards/2968')
  expect(databasePaths.leaderboardScore(2968, 'pa1b2c3d4e5f6a7b8c9d0e1f2')).toBe(
    'leaderboards/2968/scores/a1/pa1b2c3d4e5f6a7b8c9d0e1f2',
  )
  expect(databasePaths.leaderboardBucket(2968, 25)).toBe('leaderboards/2968/histogram/0/25')
  expect(databasePaths.leaderboardBucket(2968, 250)).toBe('leaderboards/2968/histogram/2/250')
  expect(databasePaths.leaderboardHistogramBlock(2968, 2)).toBe('leaderboards/2968/histogram/2')
  expect(databasePaths.leaderboardBlocks(2968)).toBe('leaderboards/2968/blocks')
  expect(databasePaths.leaderboardBlock(2968, 2)).toBe('leaderboards/2968/blocks/2')
  expect(LEADERBOARD_BLOCK_POINTS).toBe(100)
  expect(databasePaths.leaderboardTop(2968)).toBe('leaderboards/2968/top')
  expect(databasePaths.leaderboardFloor(2968)).toBe('leaderboards/2968/floor')
})
