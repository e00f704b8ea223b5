import { databasePaths } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { describe, expect, test, vi } from 'vitest'
import {
  bucketCount,
  COUNTER_SHARDS,
  counterShardOf,
  MOVE_LEASE_MS,
  scoreNeedsSync,
  sortTop,
  syncLeaderboardScore,
  TOP_SIZE,
  topOf,
} from './syncLeaderboardScore.js'
import type { TestDatabase } from './testing/startTestDatabase.js'
import { useTestDatabase } from './testing/useTestDatabase.js'

const week = 2_914
const now = Date.UTC(2025, 0, 1, 12)
const idOf = (index: number) => `p${index.toString(16).padStart(24, '0')}`
const alice = 'pa11ce0000000000000000000'
const scorePath = databasePaths.leaderboardScore(week, alice)

let db: TestDatabase
let database: Database
useTestDatabase((started) => {
  db = started
  database = started.database
})

/** The stored counters under `path` (the database reads dense integer keys as an array: holes dropped). */
async function storedCounters(path: string): Promise<[string, unknown][]> {
  return Object.entries((await db.read<object>(path)) ?? {}).filter(([, value]) => value !== null && value !== undefined)
}
/** Players the histogram counts, by points (every bucket of every block). */
async function counts(): Promise<Record<string, number>> {
  const blocks = await storedCounters(`${databasePaths.leaderboard(week)}/histogram`)
  return Object.fromEntries(
    blocks.flatMap(([, buckets]) => Object.entries(buckets as object).map(([points, bucket]) => [points, bucketCount(bucket)])),
  )
}
/** Players the block totals count, by block. */
async function blockCounts(): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await storedCounters(databasePaths.leaderboardBlocks(week))).map(([block, value]) => [block, bucketCount(value)]),
  )
}
/** Every move record left in a counter (none once every move has ended). */
async function moveRecords(): Promise<unknown[]> {
  const board = JSON.stringify((await db.read(databasePaths.leaderboard(week))) ?? {})
  return [...board.matchAll(/"m":\{[^}]*\}/g)].map(([record]) => record)
}
const crashAt = (step: string) => ({
  afterStep: (at: string) => {
    if (at === step) throw new Error(`the function instance died after ${step}`)
  },
})

// Dozens of transactions on several database stand-ins per test: on a 2-core CI machine running other suites the
// default 5 s was not enough (they passed alone); correctness is what they check, never speed.
describe('syncLeaderboardScore', { timeout: 30_000 }, () => {
  test('default: a first score is counted once, in the histogram and the top', async () => {
    expect(await syncLeaderboardScore(database, { week, publicId: alice, points: 5 }, now)).toEqual({
      points: 5,
      settled: true,
      topUpdated: true,
    })
    expect(await db.read(`${databasePaths.leaderboard(week)}/scores`)).toEqual({
      a1: { [alice]: { points: 5, at: now, counted: 5 } },
    })
    expect(bucketCount(await db.read(databasePaths.leaderboardBucket(week, 5)))).toBe(1)
    expect(bucketCount(await db.read(databasePaths.leaderboardBlock(week, 0)))).toBe(1)
    expect(await db.read(databasePaths.leaderboardTop(week))).toEqual({ [alice]: { points: 5, at: now } })
    expect(await moveRecords()).toEqual([])
  })

  test('behavior: more points move the player from one bucket to the next; an empty bucket goes', async () => {
    // Three others, counted in another shard than alice's.
    await database.ref().update({
      [`${databasePaths.leaderboardBucket(week, 5)}/1`]: { n: 3 },
      [`${databasePaths.leaderboardBlock(week, 0)}/1`]: { n: 3 },
    })
    await syncLeaderboardScore(database, { week, publicId: alice, points: 5 }, now)
    await syncLeaderboardScore(database, { week, publicId: alice, points: 12 }, now + 1_000)
    expect(await counts()).toEqual({ 5: 3, 12: 1 })
    expect(await blockCounts()).toEqual({ 0: 4 })
    await syncLeaderboardScore(database, { week, publicId: alice, points: 30 }, now + 2_000)
    expect(await counts()).toEqual({ 5: 3, 30: 1 })
    expect(await db.read(databasePaths.leaderboardBucket(week, 12))).toBeNull()
    // Into the next block of 100: the block totals follow.
    await syncLeaderboardScore(database, { week, publicId: alice, points: 130 }, now + 2_000)
    expect(await counts()).toEqual({ 5: 3, 130: 1 })
    expect(await blockCounts()).toEqual({ 0: 3, 1: 1 })
    await syncLeaderboardScore(database, { week, publicId: alice, points: 30 }, now + 2_000)
    expect(await moveRecords()).toEqual([])
    expect(await db.read(scorePath)).toEqual({ points: 130, at: now + 2_000, counted: 130 })
    expect(await db.read(databasePaths.leaderboardTop(week))).toEqual({ [alice]: { points: 130, at: now + 2_000 } })
  })

  test('behavior: running it again, or with fewer points, changes nothing', async () => {
    await syncLeaderboardScore(database, { week, publicId: alice, points: 12 }, now)
    const after = await db.read('/')
    expect(await syncLeaderboardScore(database, { week, publicId: alice, points: 12 }, now + 1_000)).toEqual({
      points: 12,
      settled: true,
      topUpdated: true,
    })
    expect(await syncLeaderboardScore(database, { week, publicId: alice, points: 3 }, now + 2_000)).toEqual({
      points: 12,
      settled: true,
      topUpdated: true,
    })
    expect(await db.read('/')).toEqual(after)
  })

  test.each(['leased', 'applied', 'finished'])(
    'behavior: a run that dies after "%s" is finished by the next run after the lease: counted once',
    async (step) => {
      await syncLeaderboardScore(database, { week, publicId: alice, points: 5 }, now)
      await expect(
        syncLeaderboardScore(database, { week, publicId: alice, points: 9 }, now + 1_000, crashAt(step)),
      ).rejects.toThrow()

      // Within the lease, another run leaves the move to its owner (and records its points for it).
      expect(await syncLeaderboardScore(database, { week, publicId: alice, points: 11 }, now + 2_000)).toEqual({
        points: 11,
        settled: false,
        topUpdated: true,
      })
      expect(scoreNeedsSync(await db.read(scorePath), 11, now + 2_000)).toBe(true)

      const later = now + 1_000 + MOVE_LEASE_MS + 1
      expect(scoreNeedsSync(await db.read(scorePath), 11, later)).toBe(true)
      expect(await syncLeaderboardScore(database, { week, publicId: alice, points: 11 }, later)).toEqual({
        points: 11,
        settled: true,
        topUpdated: true,
      })
      expect(await counts()).toEqual({ 11: 1 })
      expect(await blockCounts()).toEqual({ 0: 1 })
      expect(await moveRecords()).toEqual([])
      expect(await db.read(scorePath)).toEqual({ points: 11, at: now + 2_000, counted: 11 })
      expect(scoreNeedsSync(await db.read(scorePath), 11, later)).toBe(false)
    },
  )

  test('behavior: 12 concurrent runs on 3 instances with rising points end counted once, at the most', async () => {
    const instances = [database, db.openInstance(), db.openInstance()]
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        syncLeaderboardScore(instances[index % 3] as Database, { week, publicId: alice, points: 1 + index }, now + index),
      ),
    )
    // A run that found another one moving the player returned early; the owner went on to the highest points.
    expect(results.some((result) => result.settled)).toBe(true)
    expect(await counts()).toEqual({ 12: 1 })
    expect(await blockCounts()).toEqual({ 0: 1 })
    expect(await moveRecords()).toEqual([])
    expect(await db.read(scorePath)).toMatchObject({ points: 12, counted: 12 })
  })

  test('behavior: 40 players at once on 4 instances: the histogram counts each once, ranks add up', async () => {
    const instances = [database, db.openInstance(), db.openInstance(), db.openInstance()]
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        syncLeaderboardScore(instances[index % 4] as Database, { week, publicId: idOf(index), points: 1 + (index % 5) }, now),
      ),
    )
    expect(await counts()).toEqual({ 1: 8, 2: 8, 3: 8, 4: 8, 5: 8 })
    expect(await blockCounts()).toEqual({ 0: 40 })
    expect(await moveRecords()).toEqual([])
  })

  test('behavior: the top keeps the best 50; the floor keeps lower scores from touching it', async () => {
    const instances = [database, db.openInstance(), db.openInstance()]
    await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        syncLeaderboardScore(instances[index % 3] as Database, { week, publicId: idOf(index), points: 100 + index }, now + index),
      ),
    )
    const top = sortTop(topOf(await db.read(databasePaths.leaderboardTop(week))))
    expect(top).toHaveLength(TOP_SIZE)
    expect(top[0]).toEqual([idOf(59), { points: 159, at: now + 59 }])
    expect(top.at(-1)).toEqual([idOf(10), { points: 110, at: now + 10 }])
    expect(await db.read(databasePaths.leaderboardFloor(week))).toBe(110)

    const before = await db.read(databasePaths.leaderboardTop(week))
    await syncLeaderboardScore(database, { week, publicId: alice, points: 50 }, now + 100)
    expect(await db.read(databasePaths.leaderboardTop(week))).toEqual(before)
    expect(await counts()).toMatchObject({ 50: 1 })
    expect(await blockCounts()).toEqual({ 0: 1, 1: 60 })

    await syncLeaderboardScore(database, { week, publicId: alice, points: 500 }, now + 200)
    const after = sortTop(topOf(await db.read(databasePaths.leaderboardTop(week))))
    expect(after[0]).toEqual([alice, { points: 500, at: now + 200 }])
    expect(after).toHaveLength(TOP_SIZE)
    expect(await db.read(databasePaths.leaderboardFloor(week))).toBe(111)
  }, 30_000)

  test('behavior: a top that cannot be updated (contention) never fails the sync; the next sync puts the player there', async () => {
    const instance = db.openInstance()
    const ref = instance.ref.bind(instance)
    const spy = vi.spyOn(instance, 'ref').mockImplementation((path) => {
      const reference = ref(path)
      if (path !== databasePaths.leaderboardTop(week)) return reference
      return Object.assign(Object.create(reference), {
        transaction: () => Promise.reject(new Error('maxretry')),
      }) as typeof reference
    })
    expect(await syncLeaderboardScore(instance, { week, publicId: alice, points: 7 }, now)).toEqual({
      points: 7,
      settled: true,
      topUpdated: false,
    })
    expect(await counts()).toEqual({ 7: 1 })
    expect(await db.read(databasePaths.leaderboardTop(week))).toBeNull()
    spy.mockRestore()
    expect((await syncLeaderboardScore(instance, { week, publicId: alice, points: 7 }, now + 1)).topUpdated).toBe(true)
    expect(await db.read(databasePaths.leaderboardTop(week))).toEqual({ [alice]: { points: 7, at: now } })
  })

  test('behavior: ties in the top go to whoever reached the points first', () => {
    expect(
      sortTop({
        [idOf(2)]: { points: 7, at: 5 },
        [idOf(1)]: { points: 7, at: 5 },
        [idOf(3)]: { points: 7, at: 1 },
        [alice]: { points: 9, at: 9 },
      }).map(([id]) => id),
    ).toEqual([alice, idOf(3), idOf(1), idOf(2)])
  })

  test('behavior: a malformed stored score, bucket or top is read as empty, never a crash', async () => {
    await database.ref().update({
      [scorePath]: { points: 'many', counted: -1, move: { to: 'x' } },
      [databasePaths.leaderboardBucket(week, 5)]: 'junk',
      [databasePaths.leaderboardTop(week)]: { junk: 'x', other: { points: 0, at: 1 } },
    })
    await syncLeaderboardScore(database, { week, publicId: alice, points: 5 }, now)
    expect(await db.read(scorePath)).toEqual({ points: 5, at: now, counted: 5 })
    expect(await counts()).toEqual({ 5: 1 })
    expect(await db.read(databasePaths.leaderboardTop(week))).toEqual({ [alice]: { points: 5, at: now } })
  })
})

describe('scoreNeedsSync', () => {
  test.each<[string, unknown, number, boolean]>([
    ['in step', { points: 5, at: 1, counted: 5 }, 5, false],
    ['fewer points on the board than on the profile', { points: 5, at: 1, counted: 5 }, 6, true],
    ['not counted in the histogram', { points: 5, at: 1 }, 5, true],
    ['a move in flight', { points: 5, at: 1, counted: 5, move: { to: 5, owner: 'x', until: now + 1 } }, 5, false],
    ['a move abandoned', { points: 5, at: 1, counted: 5, move: { to: 5, owner: 'x', until: now } }, 5, true],
    ['nothing stored', null, 5, true],
  ])('%s', (_name, stored, points, expected) => {
    expect(scoreNeedsSync(stored, points, now)).toBe(expected)
  })
})

describe('counterShardOf', () => {
  test('default: the last hex digit of the public id, modulo the shards', () => {
    expect(COUNTER_SHARDS).toBe(8)
    expect(counterShardOf('p0123456789abcdef01234567')).toBe(7)
    expect(counterShardOf('p0123456789abcdef0123456f')).toBe(7)
    expect(counterShardOf('p0123456789abcdef01234568')).toBe(0)
    expect(counterShardOf('not-hex!')).toBe(0)
  })
})

describe('bucketCount', () => {
  test.each<[unknown, number]>([
    [{ 0: { n: 2 }, 3: { n: 4, m: { [alice]: '0>5' } } }, 6],
    [[{ n: 1 }, null, { n: 2 }], 3],
    [{ n: 4, m: { [alice]: '0>5' } }, 4],
    [7, 7],
    [{ n: -2 }, 0],
    ['junk', 0],
    [null, 0],
  ])('%j → %s', (value, count) => {
    expect(bucketCount(value)).toBe(count)
  })
})
