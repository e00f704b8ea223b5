// A table switch lived through by the callables on the test clock (issue 35, point 3): Singapore on main, every
// player on p1 and the board on main until Monday 2026-12-07 00:00 UTC; from then on Singapore on its own
// instance, players shared by p1 and p2, the board on its own. The callables run as deployed (their handlers,
// the functions' GameDatabases with the switch), over five database stand-ins.
import {
  createDatabaseRouter,
  databasePaths,
  geohashBounds,
  PLAYER_MOVE_GRACE_MS,
  SPAWN_WINDOW_MS,
  spawnWindowOf,
  weekOf,
} from '@worldmap/game'
import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import type { Database } from 'firebase-admin/database'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createCollectDropHandler } from '../callables/createCollectDropHandler.js'
import { createEnsureDropsNearHandler } from '../callables/createEnsureDropsNearHandler.js'
import { createGetLeaderboardHandler } from '../callables/createGetLeaderboardHandler.js'
import { createVerifyHumanHandler } from '../callables/createVerifyHumanHandler.js'
import { callableRequest } from '../callables/testing/callableRequest.js'
import { notificationPaths } from '../notifications/notificationPaths.js'
import { runStreakNudges } from '../notifications/runStreakNudges.js'
import type { SendNotificationPayload } from '../notifications/sendNotification.js'
import { remindSlotOf } from '../notifications/streakNudgeRules.js'
import { progressOn } from '../notifications/testing/progressOn.js'
import { publicIdOf } from '../publicCard/publicIdOf.js'
import { spawnAreaOf } from '../spawning/ensureDropsNear.js'
import { createSimulatorVerifier } from '../worldId/createSimulatorVerifier.js'
import { admitSignIn } from './admitSignIn.js'
import { forwardedSourceOf } from './crowdPaths.js'
import { PlayerMovingError } from './errors/PlayerMovingError.js'
import { createGameDatabases, type GameDatabases } from './gameDatabases.js'
import { movePath, playerRecordPaths } from './movePlayer.js'
import { purgeExpired } from './purgeExpired.js'
import { countPlayersAbove } from './readLeaderboard.js'
import { counterShardOf } from './syncLeaderboardScore.js'
import { startTestDatabase, type TestDatabase } from './testing/startTestDatabase.js'

// Each case drives the real handlers over five stand-ins: ≈2 s alone, past vitest's 5 s default on a loaded machine.
vi.setConfig({ testTimeout: 30_000 })

const AT = Date.UTC(2026, 11, 7) // a Monday: the week that starts then is the first on the next table
const FIRST_WINDOW = AT / SPAWN_WINDOW_MS
const seed = 'switch-day-seed-0123456789abcdef01'
const appId = 'app_staging_worldmap'
const action = 'verify-human'
const publicIdSecret = 'public-id-secret-0123456789abcdef'
const crowdSource = { secret: 'nonce-secret-0123456789abcdef0123456789', sourceOf: forwardedSourceOf }
// Raffles Place, inside the watch cell's south-west corner.
const corner = geohashBounds('w21z73')
const here = { lat: corner.south + 0.0004, lng: corner.west + 0.0004 }
const lastWeek = weekOf(AT - 1).index
const switchWeek = weekOf(AT).index

let main: TestDatabase
let p1: TestDatabase
let p2: TestDatabase
let sea: TestDatabase
let board: TestDatabase
let databases: GameDatabases
let clock = AT - 25 * 60_000
/** A player the switch moves from p1 to p2. */
let mover = ''

beforeAll(async () => {
  ;[main, p1, p2, sea, board] = await Promise.all([
    startTestDatabase(),
    startTestDatabase(),
    startTestDatabase(),
    startTestDatabase(),
    startTestDatabase(),
  ])
  const byUrl = new Map([main, p1, p2, sea, board].map((instance) => [instance.url, instance.database]))
  const next = { regions: { w21: sea.url }, players: [p1.url, p2.url], leaderboards: [board.url] }
  databases = createGameDatabases(main.database, { players: [p1.url] }, (url) => byUrl.get(url) as Database, {
    change: { at: AT, next },
    now: () => clock,
  })
  const router = createDatabaseRouter('', next)
  mover = Array.from({ length: 64 }, (_, index) => `0x${(index + 0xabc).toString(16).padStart(40, '0')}`).find(
    (uid) => router.instanceOfPlayer(uid) === p2.url,
  ) as string
})
afterAll(() => Promise.all([main, p1, p2, sea, board].map((instance) => instance?.close())))

const now = () => clock
const ensure = createEnsureDropsNearHandler(() => ({ database: databases, seed, now, crowdSource }))
const collect = createCollectDropHandler(() => ({ database: databases, now }))
const getLeaderboard = createGetLeaderboardHandler(() => ({ database: databases, now }))
const readOn = async <T = unknown>(database: Database, path: string) => (await database.ref(path).once('value')).val() as T | null

type Drops = Record<string, Record<string, { lat: number; lng: number }>>
/** The drops of `window` on `instance`, by id. */
async function dropsOn(instance: TestDatabase, window: number): Promise<Record<string, { lat: number; lng: number }>> {
  return Object.assign({}, ...Object.values((await instance.read<Drops>(`drops/${window}`)) ?? {}))
}

/** Collect `dropId` standing on it (the caller walked there meanwhile). */
const collectAt = (dropId: string, drop: { lat: number; lng: number }) =>
  collect(callableRequest(mover, { dropId, lat: drop.lat, lng: drop.lng, accuracy: 5 }))

describe('a table switch day, on the test clock', () => {
  test('behavior: before the switch, the verify, spawn and collect use the current instances only', async () => {
    const proof = await createSimulatedIdentity({ seed: 'switch-day' }).prove({
      appId,
      action,
      signalHash: hashToField(mover),
      level: 'orb',
    })
    const verify = createVerifyHumanHandler(() => ({
      database: databases,
      verifier: createSimulatorVerifier(),
      appId,
      action,
      publicIdSecret,
      now,
    }))
    expect(await verify(callableRequest(mover, { ...proof, status: 'success' }))).toEqual({ verifiedLevel: 'orb' })
    // A 2-day streak kept yesterday in Singapore: today (08:35 there) is day 3, a streak reward is due.
    await p1.database.ref(databasePaths.progress(mover)).set(progressOn('2026-12-06', 2))

    const area = await ensure(callableRequest(mover, here))
    expect(area).toMatchObject({ window: FIRST_WINDOW - 1 })
    expect(area.spawned).toBeGreaterThan(0)
    expect(Object.keys(await dropsOn(main, FIRST_WINDOW - 1)).length).toBeGreaterThan(0)
    expect(await sea.read('drops')).toBeNull()
    expect(await p1.read(databasePaths.profile(mover))).toMatchObject({ verifiedLevel: 'orb' })
    expect(Object.keys((await p1.read<object>(databasePaths.streakDrops(mover))) ?? {})).toHaveLength(1)
    expect(await p2.read('profiles')).toBeNull()

    clock = AT - 10 * 60_000
    const [dropId, drop] = Object.entries(await dropsOn(main, FIRST_WINDOW - 1))[0] as [string, { lat: number; lng: number }]
    expect((await collectAt(dropId, drop)).itemId).toBe(dropId)
    expect(await p1.read(databasePaths.inventoryItem(mover, dropId))).toMatchObject({ dropId })
    expect(await main.read(databasePaths.claim(FIRST_WINDOW - 1, dropId))).toMatchObject({ uid: mover, delivered: true })
    // Last week's board is the current table's: main.
    const publicId = publicIdOf(mover, publicIdSecret)
    expect(await main.read(databasePaths.leaderboardScore(lastWeek, publicId))).toMatchObject({ points: expect.any(Number) })
    expect(await board.read('leaderboards')).toBeNull()
  })

  test('behavior: right after midnight, the old window is looked up where it was; the region spawns its first new window on its new instance only, once', async () => {
    clock = AT + 60_000
    // The old window's drop is found on main, where that window lives (on the new instance it would be
    // drop_not_found): its window is over.
    const collected = Object.keys((await p1.read<object>(databasePaths.inventory(mover))) ?? {})
    const [uncollectedId, uncollected] = Object.entries(await dropsOn(main, FIRST_WINDOW - 1)).find(
      ([id]) => !collected.includes(id),
    ) as [string, { lat: number; lng: number }]
    await expect(collectAt(uncollectedId, uncollected)).rejects.toMatchObject({ details: { code: 'drop_expired' } })

    // The streak reward granted before midnight, on the player's instance: still theirs to collect right after it.
    const [rewardId, reward] = Object.entries(
      (await p1.read<Record<string, { lat: number; lng: number }>>(databasePaths.streakDrops(mover))) ?? {},
    )[0] as [string, { lat: number; lng: number }]
    expect((await collectAt(rewardId, reward)).itemId).toBe(rewardId)
    expect(await p1.read(databasePaths.inventoryItem(mover, rewardId))).toMatchObject({ dropId: rewardId })

    const area = await ensure(callableRequest(mover, reward))
    expect(area).toMatchObject({ window: FIRST_WINDOW })
    expect(area.spawned).toBeGreaterThan(0)
    const newDrops = Object.keys(await dropsOn(sea, FIRST_WINDOW))
    expect(newDrops.length).toBeGreaterThan(0)
    // Singapore's watch cells spawned on sea only; nothing of this window on main for them, markers included.
    const mainMarkers = Object.keys((await main.read<object>(`spawned/${FIRST_WINDOW}`)) ?? {})
    expect(mainMarkers.filter((cell) => cell.startsWith('w21'))).toEqual([])
    expect(Object.keys((await main.read<Drops>(`drops/${FIRST_WINDOW}`)) ?? {}).filter((cell) => cell.startsWith('w21'))).toEqual(
      [],
    )
    expect(Object.keys((await sea.read<object>(`spawned/${FIRST_WINDOW}`)) ?? {}).sort()).toEqual(
      [...spawnAreaOf(reward).spawnWatchCells].filter((cell) => cell.startsWith('w21')).sort(),
    )
    // Asked again: nothing spawns twice.
    clock += 60_000
    expect((await ensure(callableRequest(mover, reward))).spawned).toBe(0)
    expect(Object.keys(await dropsOn(sea, FIRST_WINDOW)).sort()).toEqual(newDrops.sort())
    // Before the grace the player is not moved: still all on p1.
    expect(await p2.read('profiles')).toBeNull()
  })

  test('behavior: after the grace, the first call moves the player (records on one instance, identical); a collect lands on the new instances; last week still reads the old board', async () => {
    clock = AT + PLAYER_MOVE_GRACE_MS + 60_000
    const paths = await playerRecordPaths(p1.database, mover, clock)
    const before = await Promise.all(paths.map((path) => p1.read(path)))
    expect(before.filter((value) => value !== null).length).toBeGreaterThan(4)

    const { you } = await getLeaderboard(callableRequest(mover, {}))
    expect(you).toMatchObject({ ranked: true, rank: 1 })
    expect(await Promise.all(paths.map((path) => p2.read(path)))).toEqual(before)
    expect((await Promise.all(paths.map((path) => p1.read(path)))).every((value) => value === null)).toBe(true)
    expect(await p1.read(movePath(mover))).toMatchObject({ state: 'gone' })
    expect(await p2.read(movePath(mover))).toMatchObject({ state: 'arrived' })

    // A drop of the window the switch began (00:00–00:30), on sea: the item on p2, the claim on sea, this week's
    // points on the new board.
    const [freshId, fresh] = Object.entries(await dropsOn(sea, FIRST_WINDOW))[0] as [string, { lat: number; lng: number }]
    expect((await collectAt(freshId, fresh)).itemId).toBe(freshId)
    expect(await p2.read(databasePaths.inventoryItem(mover, freshId))).toMatchObject({ dropId: freshId })
    expect(await p1.read(databasePaths.inventory(mover))).toBeNull()
    expect(await sea.read(databasePaths.claim(FIRST_WINDOW, freshId))).toMatchObject({ uid: mover, delivered: true })
    const publicId = publicIdOf(mover, publicIdSecret)
    expect(await board.read(databasePaths.leaderboardScore(switchWeek, publicId))).toMatchObject({ points: expect.any(Number) })
    expect(await board.read(`${databasePaths.leaderboardTop(switchWeek)}/${publicId}`)).not.toBeNull()
    expect(await main.read(databasePaths.leaderboard(switchWeek))).toBeNull()

    // Last week's board is still read from main, where it was written.
    expect(databases.leaderboardHomeOf(lastWeek)).toBe(main.database)
    expect(databases.ofCounterShard(counterShardOf(publicId), lastWeek)).toBe(main.database)
    expect(
      await readOn(databases.leaderboardHomeOf(lastWeek), `${databasePaths.leaderboardTop(lastWeek)}/${publicId}`),
    ).not.toBeNull()
    expect(await countPlayersAbove(databases, lastWeek, 0)).toBe(1)
    expect(await countPlayersAbove(databases, switchWeek, 0)).toBe(1)
  })
})

describe('the other entry points across a table switch', () => {
  /** Players the switch moves to p2 who have not called since: what they left on p1 the evening before. */
  const others = () => {
    const router = createDatabaseRouter('', { players: [p1.url, p2.url] })
    return Array.from({ length: 200 }, (_, index) => `0x${(index + 0x5eed).toString(16).padStart(40, '0')}`)
      .filter((uid) => router.instanceOfPlayer(uid) === p2.url)
      .slice(0, 4) as [string, string, string, string]
  }
  const progress = progressOn('2026-12-06', 5)
  const slot = remindSlotOf(progress, AT + 2 * 3_600_000)

  async function leftOnP1(uid: string) {
    await p1.database.ref().update({
      [databasePaths.profile(uid)]: { verifiedLevel: 'device', progress },
      [notificationPaths.player(uid)]: { granted: true, optedOut: false, slot, timeZone: 'Asia/Singapore', updatedAt: AT - 5 },
      [notificationPaths.slotEntry(slot, uid)]: true,
    })
  }
  /** Every record of `uid` is on p2 and none on p1. */
  async function movedOnce(uid: string) {
    const paths = await playerRecordPaths(p2.database, uid, clock)
    expect((await Promise.all(paths.map((path) => p1.read(path)))).every((value) => value === null)).toBe(true)
    expect(await p2.read(databasePaths.profile(uid))).toMatchObject({ verifiedLevel: 'device' })
    expect(await p2.read(movePath(uid))).toMatchObject({ state: 'arrived' })
  }

  test('behavior: the sign-in, the nudge run and two calls at once each move a player the switch moved, once, and use the new instance', async () => {
    const [signer, sleeper, racer] = others()
    await Promise.all([signer, sleeper, racer].map(leftOnP1))
    clock = Date.UTC(2026, 11, 7, slot, 5)

    // The sign-in's limit reads the profile where the player now is: a verified human is admitted.
    expect(await admitSignIn(databases, { uid: signer, source: '203.0.113.9', now: clock }, { secret: crowdSource.secret })).toBe(
      true,
    )
    await movedOnce(signer)

    // Two calls of one player at once: one moves, the other waits for it; both answer.
    const [area, board] = await Promise.all([ensure(callableRequest(racer, here)), getLeaderboard(callableRequest(racer, {}))])
    expect(area.window).toBe(spawnWindowOf(clock).index)
    expect(board.you).toEqual({ ranked: false, rank: null, points: 0 })
    await movedOnce(racer)
    expect(await p2.read(`${databasePaths.player(racer)}/last`)).toMatchObject({ lat: here.lat, lng: here.lng })

    // The nudge run finds the sleeper filed on p1, moves them, and records the nudge on p2.
    const requests: SendNotificationPayload[] = []
    const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as SendNotificationPayload
      requests.push(body)
      const result = body.wallet_addresses.map((walletAddress) => ({ walletAddress, sent: true }))
      return new Response(JSON.stringify({ success: true, status: 200, result }), { status: 200 })
    })
    const api = { apiUrl: 'https://portal.test', apiKey: 'api_key_for_tests_only', fetch, sleep: async () => {} }
    const report = await runStreakNudges({ database: databases, api, appId }, clock)
    expect(requests.flatMap((request) => request.wallet_addresses)).toContain(sleeper)
    expect(report.sent).toBeGreaterThanOrEqual(1)
    await movedOnce(sleeper)
    expect(await p2.read(notificationPaths.sent(sleeper))).toMatchObject({ status: 'sent' })
    expect(await p2.read(notificationPaths.slotEntry(slot, sleeper))).toBe(true)

    // The purge walks both tables: the old window's drops on main and the first new one's on sea both go.
    const purged = await purgeExpired(databases, clock)
    expect(purged.dropWindows).toEqual(expect.arrayContaining([FIRST_WINDOW - 1, FIRST_WINDOW]))
    expect(await main.read(`drops/${FIRST_WINDOW - 1}`)).toBeNull()
    expect(await sea.read(`drops/${FIRST_WINDOW}`)).toBeNull()
  })
  test("error: a move another live run holds past the call's wait is PlayerMovingError (the callable answers unavailable, player_moving, with a wait); the records stay where they are", async () => {
    // One nobody has moved yet (a function instance remembers those it moved).
    const [, , , held] = others()
    await p2.database.ref(movePath(held)).set({ state: 'copying', by: 'another-run', until: clock + 60_000 })
    await p1.database.ref(databasePaths.profile(held)).set({ verifiedLevel: 'device' })
    await expect(databases.forPlayer(held, clock)).rejects.toBeInstanceOf(PlayerMovingError)
    await expect(getLeaderboard(callableRequest(held, {}))).rejects.toMatchObject({
      code: 'unavailable',
      details: { code: 'player_moving', retryAfterMs: expect.any(Number) },
    })
    expect(await p1.read(databasePaths.profile(held))).toEqual({ verifiedLevel: 'device' })
    expect(await p2.read(databasePaths.profile(held))).toBeNull()
  })
})
