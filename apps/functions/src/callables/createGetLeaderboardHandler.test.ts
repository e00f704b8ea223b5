import { databasePaths, generatedNameOf, weekOf } from '@worldmap/game'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, type Mock, test, vi } from 'vitest'
import { bucketCount } from '../database/syncLeaderboardScore.js'
import { type SeededPlayer, seedLeaderboard } from '../database/testing/seedLeaderboard.js'
import { startTestDatabase, type TestDatabase } from '../database/testing/startTestDatabase.js'
import { ConfigError } from '../errors/ConfigError.js'
import { createGetLeaderboardHandler } from './createGetLeaderboardHandler.js'
import { callableRequest } from './testing/callableRequest.js'
import { rejectionOf } from './testing/rejectionOf.js'
import type { ErrorLogger } from './toHttpsError.js'

const now = Date.UTC(2026, 10, 25, 8)
const week = weekOf(now)
const uid = '0x00000000000000000000000000000000000A11cE'
const publicId = 'pa11ce0000000000000000000'
const idOf = (index: number) => `p${(index + 1).toString(16).padStart(24, '0')}`
/** 60 others, 200 points down to 141, named player-0 … player-59. */
const others: SeededPlayer[] = Array.from({ length: 60 }, (_, index) => ({
  publicId: idOf(index),
  points: 200 - index,
  at: index,
  username: `player-${index}`,
  profilePictureUrl: `https://example.com/${index}.png`,
}))
const orb = (points: number, weekIndex = week.index) => ({ verifiedLevel: 'orb', publicId, week: { week: weekIndex, points } })

const avatarOrigins = ['https://example.com']

let db: TestDatabase
let log: Mock<ErrorLogger>
let handler: ReturnType<typeof createGetLeaderboardHandler>
beforeAll(async () => {
  db = await startTestDatabase()
})
beforeEach(() => {
  log = vi.fn<ErrorLogger>()
  handler = createGetLeaderboardHandler(() => ({ database: db.database, avatarOrigins, now: () => now }), { log })
})
afterEach(() => db.database.ref().set(null))
afterAll(() => db.close())

async function seed(caller: Record<string, unknown> | null, players = others) {
  await db.database.ref().update({
    ...seedLeaderboard(week.index, players),
    ...(caller ? { [databasePaths.profile(uid)]: caller } : {}),
  })
}

describe('createGetLeaderboardHandler', () => {
  test('default: the top 50 with names and avatars, and the caller ranked outside it', async () => {
    await seed(orb(40), [...others, { publicId, points: 40, at: 99 }])
    const result = await handler(callableRequest(uid, {}))
    expect(result).toMatchObject({ week: week.index, startsAt: week.startsAt, endsAt: week.endsAt })
    expect(result.entries).toHaveLength(50)
    expect(result.entries[0]).toEqual({
      rank: 1,
      username: 'player-0',
      profilePictureUrl: 'https://example.com/0.png',
      verified: true,
      points: 200,
      you: false,
    })
    expect(result.entries.map((entry) => entry.rank)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1))
    expect(result.entries.at(-1)).toMatchObject({ rank: 50, username: 'player-49', points: 151 })
    expect(result.you).toEqual({ ranked: true, rank: 61, points: 40 })
    expect(log).not.toHaveBeenCalled()
  })

  test('behavior: the reply names nobody by uid, wallet or public id', async () => {
    await seed(orb(40), [...others, { publicId, points: 40 }])
    const reply = JSON.stringify(await handler(callableRequest(uid, {}))).toLowerCase()
    expect(reply).not.toContain(uid.toLowerCase())
    for (const id of [publicId, ...others.map((other) => other.publicId)]) expect(reply).not.toContain(id)
  })

  test('behavior: the caller in the top is marked; ties share a rank', async () => {
    await seed(orb(190), [...others.slice(0, 20), { publicId, points: 190, at: 50 }])
    const { entries, you } = await handler(callableRequest(uid, {}))
    // player-10 also has 190 points and got there first.
    expect(entries.slice(9, 13).map(({ rank, username, points, you }) => ({ rank, username, points, you }))).toEqual([
      { rank: 10, username: 'player-9', points: 191, you: false },
      { rank: 11, username: 'player-10', points: 190, you: false },
      { rank: 11, username: generatedNameOf(publicId), points: 190, you: true },
      { rank: 13, username: 'player-11', points: 189, you: false },
    ])
    expect(entries).toHaveLength(21)
    expect(you).toEqual({ ranked: true, rank: 11, points: 190 })
  })

  test.each([
    ['not verified', null],
    ['device-verified', { verifiedLevel: 'device', publicId, week: { week: week.index, points: 9 } }],
    ['orb-verified without a public id', { verifiedLevel: 'orb', week: { week: week.index, points: 9 } }],
    ['orb-verified with points of last week only', orb(30, week.index - 1)],
  ])('behavior: a caller %s is not ranked', async (_name, caller) => {
    await seed(caller)
    const { entries, you } = await handler(callableRequest(uid, {}))
    expect(entries).toHaveLength(50)
    expect(entries.some((entry) => entry.you)).toBe(false)
    expect(you).toEqual({ ranked: false, rank: null, points: 0 })
  })

  test('behavior: a caller whose points never reached the board (a collect died mid-way) is put there first', async () => {
    await seed(orb(150))
    // 50 others have more than 150; player-50 has 150 too and shares the rank.
    expect((await handler(callableRequest(uid, {}))).you).toEqual({ ranked: true, rank: 51, points: 150 })
    expect(await db.read(databasePaths.leaderboardScore(week.index, publicId))).toMatchObject({ points: 150, counted: 150 })
    expect(bucketCount(await db.read(databasePaths.leaderboardBucket(week.index, 150)))).toBe(2)
  })

  test("behavior: the rows' public cards come from memory for a minute, so a second call reads only the top", async () => {
    let clock = now
    const cached = createGetLeaderboardHandler(() => ({ database: db.database, now: () => clock }), { log })
    await seed(orb(40), [...others, { publicId, points: 40, at: 99 }])
    const refs = vi.spyOn(db.database, 'ref')
    const cardReads = () => refs.mock.calls.filter(([path]) => String(path).startsWith('publicProfiles/')).length
    expect((await cached(callableRequest(uid, {}))).entries[0]?.username).toBe('player-0')
    expect(cardReads()).toBe(50)
    // A rename within the minute is not read yet; the top and the caller's score still are.
    await db.database.ref(databasePaths.publicProfile(idOf(0))).update({ username: 'renamed' })
    refs.mockClear()
    clock += 59_000
    const again = await cached(callableRequest(uid, {}))
    expect(cardReads()).toBe(0)
    expect(again.entries[0]?.username).toBe('player-0')
    expect(again.you).toEqual({ ranked: true, rank: 61, points: 40 })
    // After the minute, the card is read again.
    clock += 1_000
    expect((await cached(callableRequest(uid, {}))).entries[0]?.username).toBe('renamed')
    expect(cardReads()).toBe(50)
    refs.mockRestore()
  })

  test("behavior: the caller's own card is never served from memory: a name just published shows at once", async () => {
    await seed(orb(190), [...others.slice(0, 20), { publicId, points: 190, at: 50 }])
    expect((await handler(callableRequest(uid, {}))).entries.find((entry) => entry.you)?.username).toBe(generatedNameOf(publicId))
    await db.database.ref(databasePaths.publicProfile(publicId)).update({ username: 'alice' })
    expect((await handler(callableRequest(uid, {}))).entries.find((entry) => entry.you)?.username).toBe('alice')
  })

  test('behavior: a card that did not exist yet is read again on the next call', async () => {
    await seed(orb(190), [...others.slice(0, 20), { publicId, points: 190, at: 50 }])
    await db.database.ref(databasePaths.publicProfile(publicId)).set(null)
    expect((await handler(callableRequest(uid, {}))).entries.find((entry) => entry.you)?.username).toBe(generatedNameOf(publicId))
    await db.database.ref(databasePaths.publicProfile(publicId)).set({ username: 'alice', verified: true })
    expect((await handler(callableRequest(uid, {}))).entries.find((entry) => entry.you)?.username).toBe('alice')
  })

  test('behavior: a stored name with a bidi override or zero-width character, or an off-allowlist avatar, never reaches the board; a refused name takes its avatar with it', async () => {
    await seed(orb(190), [
      { publicId: idOf(0), points: 200, at: 0, username: 'player-1\u202E', profilePictureUrl: 'https://tracker.test/p.gif' },
      { publicId: idOf(1), points: 199, at: 1, username: 'play\u200Ber-1', profilePictureUrl: 'https://example.com/1.png' },
    ])
    const { entries } = await handler(callableRequest(uid, {}))
    expect(entries.slice(0, 2).map(({ username, profilePictureUrl }) => ({ username, profilePictureUrl }))).toEqual([
      { username: generatedNameOf(idOf(0)), profilePictureUrl: null },
      { username: generatedNameOf(idOf(1)), profilePictureUrl: null },
    ])
  })

  test('parameters: an empty week', async () => {
    expect(await handler(callableRequest(uid, undefined))).toEqual({
      week: week.index,
      startsAt: week.startsAt,
      endsAt: week.endsAt,
      entries: [],
      you: { ranked: false, rank: null, points: 0 },
    })
    expect((await handler(callableRequest(uid, null))).entries).toEqual([])
  })

  test('behavior: uses the real clock by default', async () => {
    const live = createGetLeaderboardHandler(() => ({ database: db.database }), { log })
    expect((await live(callableRequest(uid, {}))).week).toBe(weekOf(Date.now()).index)
  })

  test('error: not signed in', async () => {
    expect(await rejectionOf(handler(callableRequest(null, {})))).toEqual({
      code: 'unauthenticated',
      status: 'UNAUTHENTICATED',
      message: 'unauthenticated',
      details: { code: 'unauthenticated' },
    })
  })

  test.each([
    ['a string', 'top'],
    ['a week to choose', { week: 3 }],
    ['an array', []],
  ])('error: bad data (%s) → invalid-argument', async (_name, data) => {
    expect(await rejectionOf(handler(callableRequest(uid, data)))).toMatchObject({
      code: 'invalid-argument',
      details: { code: 'invalid_request' },
    })
  })

  test('error: a misconfigured server is internal and logged', async () => {
    const broken = createGetLeaderboardHandler(
      () => {
        throw new ConfigError(['WORLDMAP_DROP_SEED'])
      },
      { log },
    )
    expect(await rejectionOf(broken(callableRequest(uid, {})))).toMatchObject({ code: 'internal', message: 'Internal error.' })
    expect(log).toHaveBeenCalledWith('getLeaderboard failed unexpectedly', expect.objectContaining({ errorName: 'ConfigError' }))
  })
})
