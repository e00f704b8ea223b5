import { databasePaths, geohashBounds, parseDropId, type RARITY_POINTS, spawnWindowOf, weekOf } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { spawnAreaOf } from '../spawning/ensureDropsNear.js'
import type { AwardStep } from './awardClaim.js'
import { type CollectStep, collectDropInDatabase } from './collectDropInDatabase.js'
import type { GameDatabases } from './gameDatabases.js'
import { grantStreakDrop } from './grantStreakDrop.js'
import { purgeExpired } from './purgeExpired.js'
import { spawnDropsInDatabase } from './spawnDropsInDatabase.js'
import { bucketCount, counterShardOf, MOVE_LEASE_MS } from './syncLeaderboardScore.js'
import { type ShardedDatabases, startShardedDatabases } from './testing/startShardedDatabases.js'

// A collect spans four instances, all distinct here: the claim and the drop on the region's, the
// inventory, gate, spot and profile on the player's, the score and counters on the player's counter
// shard's leaderboard instance (not the board's home), the top on the home. A crash after any step,
// then a retry or the purge, must end with the item awarded exactly once and nothing lost.
const seed = 'crash-seed-0123456789abcdef0123456'
const now = Date.UTC(2025, 0, 1, 12, 5)
const windowLength = spawnWindowOf(now).end - spawnWindowOf(now).start
const corner = geohashBounds('w21z73')
const here = { lat: corner.south + 0.0001, lng: corner.west + 0.0001 }
const uid = '0x00000000000000000000000000000000000A11cE'
// Shard 1: on the second leaderboard instance, so the counters and the top are on two instances.
const publicId = 'p00000000000000000000a001'

let sharded: ShardedDatabases
let databases: GameDatabases
beforeAll(async () => {
  sharded = await startShardedDatabases({ regions: ['w21'], players: 1, leaderboards: 2 })
  databases = sharded.databases
  // The instances a collect writes to are four distinct ones.
  const instances = [
    databases.main,
    databases.ofCell('w21z73', spawnWindowOf(now).index),
    databases.ofPlayer(uid),
    databases.ofCounterShard(counterShardOf(publicId), weekOf(now).index),
    databases.leaderboardHomeOf(weekOf(now).index),
  ]
  expect(new Set(instances).size).toBe(5)
})
afterEach(() => sharded.clear())
afterAll(() => sharded.close())

/** Two windows after `window` ended: the purge delivers and deletes its claims then. */
const purgeTimeOf = (window: number) => (window + 2) * windowLength + 1
/**
 * A retry comes after the crashed run's lease on the leaderboard move ran out (`MOVE_LEASE_MS`): before
 * that, a run finds the move owned and leaves it to its owner, which is how a live owner is never overtaken.
 */
const retryAt = now + MOVE_LEASE_MS + 1000

const readOn = async <T = unknown>(database: Database, path: string) => (await database.ref(path).once('value')).val() as T | null

type DropKind = 'public' | 'streak'
interface Target {
  dropId: string
  at: { lat: number; lng: number }
  /** Where its claim lives. */
  home: Database
  window: number
}

/** A verified, ranked player, and a drop for them: a public one on the region, or their streak reward on their instance. */
async function prepare(kind: DropKind): Promise<Target> {
  const player = databases.ofPlayer(uid)
  await player.ref(databasePaths.profile(uid)).set({ verifiedLevel: 'orb', publicId })
  if (kind === 'streak') {
    // Day 3 of a streak kept yesterday: a reward is due.
    await player
      .ref(databasePaths.progress(uid))
      .set({ timeZone: 'UTC', day: '2024-12-31', today: 1, streak: 2, best: 2, updatedAt: 0 })
    const dropId = (await grantStreakDrop(player, { uid, origin: here, now, seed })) as string
    const drop = (await readOn<{ lat: number; lng: number }>(player, databasePaths.streakDrop(uid, dropId))) as {
      lat: number
      lng: number
    }
    const window = Number(dropId.split('_')[1])
    return { dropId, at: { lat: drop.lat, lng: drop.lng }, home: player, window }
  }
  const area = spawnAreaOf(here)
  await spawnDropsInDatabase(databases, area.watchCells, now, { seed })
  const { index: window } = spawnWindowOf(now)
  const drops =
    (await readOn<Record<string, Record<string, { lat: number; lng: number }>>>(sharded.region.database, `drops/${window}`)) ?? {}
  const [dropId, drop] = Object.entries(drops[area.watchCells[0] as string] ?? Object.values(drops)[0] ?? {})[0] as [
    string,
    { lat: number; lng: number },
  ]
  return { dropId, at: { lat: drop.lat, lng: drop.lng }, home: sharded.region.database, window }
}

const crashAt = (step: CollectStep) => async (reached: CollectStep) => {
  if (reached === step) throw new Error(`crashed after ${step}`)
}

/** Sum a counter branch (`{key: {shard: {n}}}`) over every leaderboard instance. */
async function countedOnBoard(path: string): Promise<number> {
  let total = 0
  for (const database of databases.leaderboards) {
    for (const counter of Object.values((await readOn<Record<string, unknown>>(database, path)) ?? {}))
      total += bucketCount(counter)
  }
  return total
}

/** The find is in the player's records once, on the board once, the claim delivered, the drop's record gone. */
async function expectAwardedOnce(target: Target, kind: DropKind) {
  const player = databases.ofPlayer(uid)
  const inventory = (await readOn<Record<string, { dropId: string }>>(player, databasePaths.inventory(uid))) ?? {}
  expect(Object.keys(inventory)).toEqual([target.dropId])
  const profile = (await readOn<{ stats: { collected: number; counted: Record<string, number> }; week: { points: number } }>(
    player,
    databasePaths.profile(uid),
  )) as { stats: { collected: number; counted: Record<string, number> }; week: { points: number } }
  expect(profile.stats.collected).toBe(1)
  expect(Object.keys(profile.stats.counted)).toEqual([target.dropId])
  const claim = await readOn<{ uid: string; delivered?: boolean; item: { rarity: keyof typeof RARITY_POINTS } }>(
    target.home,
    databasePaths.claim(target.window, target.dropId),
  )
  // The purge deletes the claims of a window it recovered; a retry leaves it, delivered.
  if (claim !== null) expect(claim).toMatchObject({ uid, delivered: true })
  const points = profile.week.points
  const week = weekOf(now).index
  expect(points).toBeGreaterThan(0)
  // One player counted once, in one bucket and one block, summed over every leaderboard instance.
  expect(await countedOnBoard(`leaderboards/${week}/histogram/0`)).toBe(1)
  expect(await countedOnBoard(`leaderboards/${week}/blocks`)).toBe(1)
  const scoreHome = databases.ofCounterShard(counterShardOf(publicId), week)
  expect(await readOn(scoreHome, databasePaths.leaderboardScore(week, publicId))).toEqual({
    points,
    at: expect.any(Number),
    counted: points,
  })
  expect(await readOn(databases.leaderboardHomeOf(week), `${databasePaths.leaderboardTop(week)}/${publicId}/points`)).toBe(points)
  if (kind === 'public') {
    const { watchCell } = parseDropId(target.dropId) as { watchCell: string }
    expect(await readOn(target.home, databasePaths.drop(target.window, watchCell, target.dropId))).toBeNull()
  } else {
    expect(await readOn(target.home, databasePaths.streakDrop(uid, target.dropId))).toBeNull()
  }
  // Nothing of the collect on main.
  expect(await readOn(databases.main, 'inventories')).toBeNull()
  expect(await readOn(databases.main, 'profiles')).toBeNull()
  expect(await readOn(databases.main, 'leaderboards')).toBeNull()
  expect(await readOn(databases.main, 'claims')).toBeNull()
}

const AWARD_STEPS: AwardStep[] = [
  'inventory',
  'record',
  'counted',
  'leased',
  'applied',
  'finished',
  'ranked',
  'filed',
  'delivered',
]
const STEPS: Record<DropKind, CollectStep[]> = {
  public: ['gate', 'spot', 'claim', ...AWARD_STEPS],
  streak: ['gate', 'claim', ...AWARD_STEPS],
}
const matrix = (kinds: DropKind[], steps: (kind: DropKind) => CollectStep[]) =>
  kinds.flatMap((kind) => steps(kind).map((step) => [kind, step] as const))

describe('exactly once across instances', () => {
  test.each(matrix(['public', 'streak'], (kind) => STEPS[kind]))(
    'behavior: a %s drop\'s collect crashes after "%s"; the retry finishes it: one item, counted once, on the board once',
    async (kind, step) => {
      const target = await prepare(kind)
      const input = { uid, dropId: target.dropId, ...target.at, accuracy: 5 }
      await expect(collectDropInDatabase(databases, input, now, { afterStep: crashAt(step) })).rejects.toThrow(
        `crashed after ${step}`,
      )
      const retried = await collectDropInDatabase(databases, input, retryAt)
      expect(retried).toMatchObject({ itemId: target.dropId, count: 1, firstFind: true })
      // And again: a double tap after the retry changes nothing.
      await collectDropInDatabase(databases, input, retryAt + 1000)
      await expectAwardedOnce(target, kind)
    },
    120_000,
  )

  test.each(matrix(['public', 'streak'], (kind) => STEPS[kind].filter((step) => step !== 'gate' && step !== 'spot')))(
    'behavior: a %s drop\'s collect crashes after "%s" and nobody retries; the purge delivers it once',
    async (kind, step) => {
      const target = await prepare(kind)
      const input = { uid, dropId: target.dropId, ...target.at, accuracy: 5 }
      await expect(collectDropInDatabase(databases, input, now, { afterStep: crashAt(step) })).rejects.toThrow()
      // After the crashed run's lease on the board: the purge runs minutes later, never inside it.
      const later = Math.max(purgeTimeOf(target.window), retryAt)
      expect(spawnWindowOf(later).index).toBeGreaterThanOrEqual(target.window + 2)
      const report = await purgeExpired(databases, later)
      expect(report.recovered).toBe(step === 'delivered' ? 0 : 1)
      await expectAwardedOnce(target, kind)
      // A second purge finds nothing left to do.
      expect((await purgeExpired(databases, later + 1)).recovered).toBe(0)
      await expectAwardedOnce(target, kind)
    },
    120_000,
  )

  test.each(matrix(['public', 'streak'], () => AWARD_STEPS.filter((step) => step !== 'delivered')))(
    'behavior: the purge\'s recovery of a %s drop crashes after "%s"; the next purge finishes it once',
    async (kind, step) => {
      const target = await prepare(kind)
      const input = { uid, dropId: target.dropId, ...target.at, accuracy: 5 }
      await expect(collectDropInDatabase(databases, input, now, { afterStep: crashAt('claim') })).rejects.toThrow()
      const later = purgeTimeOf(target.window)
      await expect(purgeExpired(databases, later, { award: { afterStep: crashAt(step) } })).rejects.toThrow(
        `crashed after ${step}`,
      )
      // The claim is still there (its window was not deleted): the next run, 10 minutes on, delivers it.
      expect(await readOn(target.home, databasePaths.claim(target.window, target.dropId))).toMatchObject({ uid })
      expect((await purgeExpired(databases, later + 10 * 60_000)).recovered).toBe(1)
      await expectAwardedOnce(target, kind)
    },
    120_000,
  )
})
