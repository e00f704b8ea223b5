import { randomBytes } from 'node:crypto'
import { databasePaths, type Progress } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { getAddress } from 'viem'
import { describe, expect, test, vi } from 'vitest'
import type { TestDatabase } from '../database/testing/startTestDatabase.js'
import { useTestDatabase } from '../database/testing/useTestDatabase.js'
import { notificationPaths } from './notificationPaths.js'
import { runStreakNudges, type StreakNudgeDependencies } from './runStreakNudges.js'
import type { SendNotificationPayload } from './sendNotification.js'
import { fileStreakStart, syncNotificationsInDatabase } from './syncNotificationsInDatabase.js'
import { progressOn } from './testing/progressOn.js'

let db: TestDatabase
let database: Database
useTestDatabase((started) => {
  db = started
  database = started.database
})

// 19:00 in Singapore (UTC+8): slot 11.
const now = Date.UTC(2026, 10, 26, 11, 0)
const hour = Math.floor(now / 3_600_000)
const wallet = () => getAddress(`0x${randomBytes(20).toString('hex')}`)

const progress = progressOn

/** A player with this progress (or none) who told the server `granted` / `optedOut`. */
async function player(options: { progress?: Progress; granted?: boolean; optedOut?: boolean; on?: Database } = {}) {
  const uid = wallet()
  const on = options.on ?? database
  if (options.progress) await on.ref(databasePaths.progress(uid)).set(options.progress)
  const choice = { granted: options.granted ?? true, optedOut: options.optedOut ?? false, timeZone: 'Asia/Singapore' }
  await syncNotificationsInDatabase(on, uid, choice, now)
  return uid
}

/** A fake portal: answers each request in turn (default: every wallet sent), recording the requests. */
function fakePortal(...answers: Array<number | { status: number; body: unknown }>) {
  const requests: SendNotificationPayload[] = []
  const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as SendNotificationPayload
    requests.push(body)
    const answer = answers.shift() ?? 200
    if (typeof answer !== 'number') return new Response(JSON.stringify(answer.body), { status: answer.status })
    const result = body.wallet_addresses.map((walletAddress) => ({ walletAddress, sent: true }))
    return new Response(JSON.stringify(answer === 200 ? { success: true, status: 200, result } : {}), { status: answer })
  })
  const dependencies = (on: Database = database): StreakNudgeDependencies => ({
    database: on,
    appId: 'app_test',
    api: { apiUrl: 'https://portal.test', apiKey: 'api_key_for_tests_only', fetch, sleep: async () => {} },
  })
  const wallets = () => requests.flatMap((request) => request.wallet_addresses)
  return { requests, fetch, dependencies, wallets }
}

describe('runStreakNudges', () => {
  test('default: who gets one, and why the others do not (counts by reason)', async () => {
    const due = await player({ progress: progress('2026-11-25', 5) })
    const alsoDue = await player({ progress: progress('2026-11-25', 2) })
    await player({ progress: progress('2026-11-26', 6) }) // kept today
    await player({ progress: progress('2026-11-23', 4) }) // streak lost
    await player({ progress: progress('2026-11-25', 5), optedOut: true })
    await player({ progress: progress('2026-11-25', 5), granted: false })
    await player() // no find ever
    const portal = fakePortal()
    const report = await runStreakNudges(portal.dependencies(), now)
    // Only the remindable are in the index: the run never reads the opted-out, the not-granted, nor those with no streak.
    expect(report).toEqual({
      hour,
      slots: [11],
      considered: 3,
      sent: 2,
      skipped: { kept_today: 1 },
      refiled: 0,
      stopped: null,
    })
    expect(portal.requests).toHaveLength(2)
    expect(portal.requests.map((request) => request.localisations[0]?.title).sort()).toEqual([
      '🔥 Keep your 2-day streak',
      '🔥 Keep your 5-day streak',
    ])
    expect(portal.requests[0]?.mini_app_path).toBe('worldapp://mini-app?app_id=app_test&path=%2Fmap')
    expect(portal.wallets().sort()).toEqual([due, alsoDue].sort())
    expect(await db.read(notificationPaths.sent(due))).toEqual({ day: '2026-11-26', at: now, status: 'sent', streak: 5 })
  })

  test('behavior: at most one a day: a rerun, a later run the same evening and two overlapping runs send nothing twice', async () => {
    const uids = await Promise.all(Array.from({ length: 6 }, () => player({ progress: progress('2026-11-25', 3) })))
    const portal = fakePortal()
    const [first, second] = await Promise.all([
      runStreakNudges(portal.dependencies(), now),
      runStreakNudges(portal.dependencies(db.openInstance()), now),
    ])
    expect(portal.wallets().sort()).toEqual([...uids].sort())
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(6)
    expect((first?.skipped.already_sent ?? 0) + (second?.skipped.already_sent ?? 0)).toBe(6)
    const rerun = await runStreakNudges(portal.dependencies(), now + 10 * 60_000)
    expect(rerun).toMatchObject({ considered: 6, sent: 0, skipped: { already_sent: 6 } })
    expect(portal.wallets()).toHaveLength(6)
  })

  test('behavior: the next hour reads the next slot only: the players already done are not read again', async () => {
    await player({ progress: progress('2026-11-25', 3) })
    const portal = fakePortal()
    await runStreakNudges(portal.dependencies(), now)
    const next = await runStreakNudges(portal.dependencies(), now + 3_600_000)
    expect(next).toMatchObject({ slots: [12], considered: 0, sent: 0 })
    expect(portal.requests).toHaveLength(1)
  })

  test('behavior: 40 fresh wallets with no streak say "granted": none is filed, the run reads only the one it may send to', async () => {
    await Promise.all(Array.from({ length: 40 }, () => player()))
    const due = await player({ progress: progress('2026-11-25', 3) })
    expect(await db.read(notificationPaths.slot(11))).toEqual({ [due]: true })
    const portal = fakePortal()
    expect(await runStreakNudges(portal.dependencies(), now)).toMatchObject({ considered: 1, sent: 1 })
    expect(portal.wallets()).toEqual([due])
  })

  test('behavior: a streak that lapsed: read once more and taken out; the find that starts the next one files the player again', async () => {
    const uid = wallet()
    await database.ref().update({
      [databasePaths.progress(uid)]: progress('2026-11-24', 4),
      [notificationPaths.player(uid)]: { granted: true, optedOut: false, slot: 11, timeZone: 'Asia/Singapore', updatedAt: 0 },
      [notificationPaths.slotEntry(11, uid)]: true,
    })
    const portal = fakePortal()
    expect(await runStreakNudges(portal.dependencies(), now)).toMatchObject({ considered: 1, sent: 0, skipped: { no_streak: 1 } })
    expect(await db.read(notificationPaths.slot(11))).toBeNull()
    expect(await db.read(`${notificationPaths.player(uid)}/slot`)).toBeNull()
    expect(await db.read(`${notificationPaths.player(uid)}/granted`)).toBe(true)
    expect(await runStreakNudges(portal.dependencies(), now + 24 * 3_600_000)).toMatchObject({ considered: 0 })
    // A find today starts a new streak (as awardClaim counts it): filed again, once.
    const started = progress('2026-11-27', 1)
    expect(await fileStreakStart(database, uid, started, now + 24 * 3_600_000)).toBe(true)
    expect(await fileStreakStart(database, uid, started, now + 24 * 3_600_000)).toBe(false)
    expect(await db.read(notificationPaths.slot(11))).toEqual({ [uid]: true })
  })

  test('behavior: more than 1000 players with one streak go in requests of at most 1000', async () => {
    const updates: Record<string, unknown> = {}
    for (let index = 0; index < 1001; index++) {
      const uid = wallet()
      updates[databasePaths.progress(uid)] = progress('2026-11-25', 7)
      updates[notificationPaths.player(uid)] = { granted: true, optedOut: false, slot: 11, updatedAt: now }
      updates[notificationPaths.slotEntry(11, uid)] = true
    }
    await database.ref().update(updates)
    const portal = fakePortal()
    const report = await runStreakNudges(portal.dependencies(), now)
    expect(portal.requests.map((request) => request.wallet_addresses.length)).toEqual([1000, 1])
    expect(report.sent).toBe(1001)
  }, 60_000)

  test('behavior: 503 then success: sent once', async () => {
    const uid = await player({ progress: progress('2026-11-25', 3) })
    const portal = fakePortal(503, 200)
    expect(await runStreakNudges(portal.dependencies(), now)).toMatchObject({ sent: 1, stopped: null })
    expect(portal.fetch).toHaveBeenCalledTimes(2)
    expect(await db.read(`${notificationPaths.sent(uid)}/status`)).toBe('sent')
  })

  test('behavior: a wallet World App did not deliver to is recorded as not_delivered, with the reason', async () => {
    const uid = await player({ progress: progress('2026-11-25', 3) })
    const portal = fakePortal({
      status: 200,
      body: { success: true, status: 200, result: [{ walletAddress: uid, sent: false, reason: 'user has not opted in' }] },
    })
    expect(await runStreakNudges(portal.dependencies(), now)).toMatchObject({ sent: 0, skipped: { not_delivered: 1 } })
    expect(await db.read(notificationPaths.sent(uid))).toMatchObject({ status: 'not_delivered', reason: 'user has not opted in' })
  })

  test('error: 400 unverified_app_limit_reached stops the run: nothing more is sent, claims go back, the next run catches up', async () => {
    await player({ progress: progress('2026-11-25', 3) })
    await player({ progress: progress('2026-11-25', 4) })
    const log = vi.fn()
    const portal = fakePortal({ status: 400, body: { code: 'unverified_app_limit_reached', detail: 'limit', attribute: null } })
    const report = await runStreakNudges({ ...portal.dependencies(), log }, now)
    expect(report).toMatchObject({ sent: 0, skipped: { not_sent: 2 }, stopped: 'unverified_app_limit_reached' })
    expect(portal.requests).toHaveLength(1)
    expect(log).toHaveBeenCalledWith('streak nudges stopped', { code: 'unverified_app_limit_reached', status: 400, unsent: 2 })
    expect(await db.read('notifications/sent')).toBeNull()
    expect(await db.read(`${notificationPaths.meta}/hour`)).toBe(hour - 1)
    // The limit lifted: the next hour's run reads the missed slot again and sends both.
    const next = await runStreakNudges(fakePortal().dependencies(), now + 3_600_000)
    expect(next).toMatchObject({ slots: [11, 12], sent: 2, stopped: null })
  })

  test('error: the portal down on every try stops the run with notification_api_unavailable; the claims go back', async () => {
    const uid = await player({ progress: progress('2026-11-25', 3) })
    const portal = fakePortal(503, 503, 503)
    expect(await runStreakNudges(portal.dependencies(), now)).toMatchObject({ stopped: 'notification_api_unavailable' })
    expect(await db.read(notificationPaths.sent(uid))).toBeNull()
  })

  test('behavior: a player filed under a slot their zone no longer has is filed again (and still nudged in their evening)', async () => {
    const uid = wallet()
    await database.ref().update({
      [databasePaths.progress(uid)]: progress('2026-11-25', 3, 'Asia/Kuala_Lumpur'),
      [notificationPaths.player(uid)]: { granted: true, optedOut: false, slot: 11, updatedAt: 0 },
      [notificationPaths.slotEntry(10, uid)]: true,
    })
    await database.ref(notificationPaths.meta).set({ hour: hour - 2 })
    const report = await runStreakNudges(fakePortal().dependencies(), now)
    expect(report).toMatchObject({ slots: [10, 11], considered: 1, refiled: 1, sent: 1 })
    expect(await db.read(notificationPaths.slot(10))).toBeNull()
    expect(await db.read(notificationPaths.slotEntry(11, uid))).toBe(true)
  })

  test('behavior: quiet hours: a player read at 22:00 local (filed in a late slot) gets nothing, and is filed again', async () => {
    const uid = wallet()
    await database.ref().update({
      [databasePaths.progress(uid)]: progress('2026-11-25', 3),
      [notificationPaths.player(uid)]: { granted: true, optedOut: false, slot: 14, updatedAt: 0 },
      [notificationPaths.slotEntry(14, uid)]: true,
    })
    const late = Date.UTC(2026, 10, 26, 14, 0) // 22:00 in Singapore
    const portal = fakePortal()
    expect(await runStreakNudges(portal.dependencies(), late)).toMatchObject({
      slots: [14],
      considered: 1,
      sent: 0,
      skipped: { quiet_hours: 1 },
      refiled: 1,
    })
    expect(portal.requests).toHaveLength(0)
    expect(await db.read(notificationPaths.slotEntry(11, uid))).toBe(true)
  })
})
