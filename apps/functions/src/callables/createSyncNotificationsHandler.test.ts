import { databasePaths, type Progress } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { HttpsError } from 'firebase-functions/v2/https'
import { describe, expect, test } from 'vitest'
import type { TestDatabase } from '../database/testing/startTestDatabase.js'
import { useTestDatabase } from '../database/testing/useTestDatabase.js'
import { notificationPaths } from '../notifications/notificationPaths.js'
import { NOTIFICATION_SYNC_LIMIT } from '../notifications/syncNotificationsInDatabase.js'
import { progressOn } from '../notifications/testing/progressOn.js'
import { createSyncNotificationsHandler } from './createSyncNotificationsHandler.js'

let db: TestDatabase
let database: Database
useTestDatabase((started) => {
  db = started
  database = started.database
})

const uid = '0x00000000000000000000000000000000000A11cE'
// 11:00 in Singapore; the progress below was last kept yesterday, so its streak is alive.
const start = Date.UTC(2026, 10, 26, 3, 0)
let now = start
const handler = createSyncNotificationsHandler(() => ({ database, now: () => now }), { log: () => {} })
const call = (data: unknown, caller: string | null = uid) =>
  handler({ auth: caller ? ({ uid: caller } as never) : undefined, data })
const refusal = (data: unknown) =>
  call(data).then(
    () => null,
    (caught: unknown) => caught as HttpsError,
  )

const withStreak = (progress: Progress = progressOn('2026-11-25', 3)) => database.ref(databasePaths.progress(uid)).set(progress)
/** Every index entry, as `slot/uid` keys. */
const entries = async () =>
  Object.entries((await db.read<Record<string, Record<string, true>>>('notifications/slots')) ?? {}).flatMap(([slot, uids]) =>
    Object.keys(uids).map((filed) => `${slot}/${filed}`),
  )
const ZONES = ['Asia/Singapore', 'Asia/Jakarta', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney']
const twelveZones = [...ZONES, 'Africa/Lagos', 'Asia/Kolkata', 'America/Sao_Paulo', 'Pacific/Auckland', 'Europe/London', 'UTC']

describe('syncNotifications', () => {
  test('default: granted with a streak to save → the caller is filed under their progress zone’s slot', async () => {
    await withStreak()
    now = start
    expect(await call({ granted: true, timeZone: 'Asia/Singapore' })).toEqual({ enrolled: true, optedOut: false })
    expect(await entries()).toEqual([`11/${uid}`])
    expect(await db.read(notificationPaths.player(uid))).toEqual({
      granted: true,
      optedOut: false,
      slot: 11,
      timeZone: 'Asia/Singapore',
      updatedAt: start,
      changes: { window: Math.floor(start / NOTIFICATION_SYNC_LIMIT.windowMs), n: 1 },
    })
  })

  test('behavior: no streak (a fresh wallet, or one whose streak lapsed) → the permission is remembered, nothing is filed', async () => {
    now = start
    expect(await call({ granted: true, timeZone: 'Asia/Singapore' })).toEqual({ enrolled: true, optedOut: false })
    expect(await db.read(notificationPaths.player(uid))).toMatchObject({
      granted: true,
      optedOut: false,
      timeZone: 'Asia/Singapore',
    })
    expect(await db.read(`${notificationPaths.player(uid)}/slot`)).toBeNull()
    await withStreak(progressOn('2026-11-23', 9))
    await call({ granted: true, timeZone: 'Asia/Jakarta' })
    expect(await db.read('notifications/slots')).toBeNull()
  })

  test('behavior: an account never heard of that says "not granted" keeps no record', async () => {
    expect(await call({ granted: false, timeZone: 'Asia/Singapore' })).toEqual({ enrolled: false, optedOut: false })
    expect(await db.read('notifications')).toBeNull()
  })

  test('behavior: a sync that changes nothing writes nothing, not even the limit’s counter', async () => {
    await withStreak()
    now = start
    await call({ granted: true, timeZone: 'Asia/Singapore' })
    const before = await db.read(notificationPaths.player(uid))
    now = start + 60_000
    for (let index = 0; index < 30; index++) await call({ granted: true, timeZone: 'Asia/Singapore' })
    expect(await db.read(notificationPaths.player(uid))).toEqual(before)
  })

  test('behavior: the progress record’s zone wins over the device’s, so zone hops do not move the slot', async () => {
    await withStreak(progressOn('2026-11-25', 2, 'Asia/Jakarta'))
    now = start
    for (const timeZone of twelveZones) await call({ granted: true, timeZone })
    expect(await entries()).toEqual([`12/${uid}`])
    expect(await db.read(`${notificationPaths.playerChanges(uid)}/n`)).toBe(1)
  })

  test('behavior: opting out, and the permission revoked, take the player out of the index; the switch is remembered', async () => {
    await withStreak(progressOn('2026-11-25', 2, 'UTC'))
    now = start
    await call({ granted: true, timeZone: 'UTC' })
    expect(await entries()).toEqual([`19/${uid}`])
    expect(await call({ granted: true, optedOut: true })).toEqual({ enrolled: false, optedOut: true })
    expect(await db.read('notifications/slots')).toBeNull()
    // A later sync that only reads the permission keeps the switch off.
    expect(await call({ granted: true })).toEqual({ enrolled: false, optedOut: true })
    expect(await call({ granted: true, optedOut: false })).toEqual({ enrolled: true, optedOut: false })
    expect(await entries()).toEqual([`19/${uid}`])
    expect(await call({ granted: false })).toEqual({ enrolled: false, optedOut: false })
    expect(await db.read('notifications/slots')).toBeNull()
  })

  test('behavior: a device zone that is not a zone counts as UTC', async () => {
    await call({ granted: true, timeZone: 'Mars/Base' })
    expect(await db.read(`${notificationPaths.player(uid)}/timeZone`)).toBe('UTC')
  })

  test('error: an account changing its state more than the limit in a window is refused (rate_limited) and writes nothing; the next window passes', async () => {
    await withStreak()
    now = start
    const { changes, windowMs } = NOTIFICATION_SYNC_LIMIT
    for (let index = 0; index < changes; index++) await call({ granted: index % 2 === 0, timeZone: 'Asia/Singapore' })
    const before = await db.read('notifications')
    const refused = await refusal({ granted: true, timeZone: 'Asia/Singapore' })
    expect(refused).toBeInstanceOf(HttpsError)
    expect(refused?.code).toBe('resource-exhausted')
    const windowEnd = (Math.floor(start / windowMs) + 1) * windowMs
    expect(refused?.details).toEqual({ code: 'rate_limited', retryAfterMs: windowEnd - start })
    expect(await db.read('notifications')).toEqual(before)
    // A sync that asks for what is already stored is not a change, and passes.
    expect(await call({ granted: false, timeZone: 'Asia/Singapore' })).toEqual({ enrolled: false, optedOut: false })
    now = windowEnd
    expect(await call({ granted: true, timeZone: 'Asia/Singapore' })).toEqual({ enrolled: true, optedOut: false })
    expect(await entries()).toEqual([`11/${uid}`])
  })

  test('error: one wallet, 60 calls at once across 12 zones and both switch states: refused after the limit, at most one index entry', async () => {
    await withStreak()
    now = start
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, index) =>
        call({ granted: true, optedOut: index % 3 === 0, timeZone: twelveZones[index % 12] }),
      ),
    )
    const refused = results.filter((result) => result.status === 'rejected')
    expect(results.length - refused.length).toBeLessThanOrEqual(NOTIFICATION_SYNC_LIMIT.changes + 1)
    expect(refused.length).toBeGreaterThanOrEqual(60 - NOTIFICATION_SYNC_LIMIT.changes - 1)
    for (const result of refused) expect((result.reason as HttpsError).details).toMatchObject({ code: 'rate_limited' })
    expect((await entries()).length).toBeLessThanOrEqual(1)
    expect(await db.read(`${notificationPaths.playerChanges(uid)}/n`)).toBe(NOTIFICATION_SYNC_LIMIT.changes)
  })

  test('error: a fresh wallet hopping 12 zones, one call after another: refused after the limit, never filed', async () => {
    now = start
    const outcomes: string[] = []
    for (let index = 0; index < 60; index++) {
      const refused = await refusal({ granted: true, timeZone: twelveZones[index % 12] })
      outcomes.push(refused ? String((refused.details as { code: string }).code) : 'ok')
    }
    const { changes } = NOTIFICATION_SYNC_LIMIT
    expect(outcomes.slice(0, changes).every((outcome) => outcome === 'ok')).toBe(true)
    // After the limit, only a call that asks for the zone already stored passes: it changes nothing.
    const stored = twelveZones[changes - 1]
    outcomes.slice(changes).forEach((outcome, index) => {
      expect(outcome).toBe(twelveZones[(changes + index) % 12] === stored ? 'ok' : 'rate_limited')
    })
    expect(await db.read(`${notificationPaths.player(uid)}/timeZone`)).toBe(stored)
    expect(await db.read(`${notificationPaths.playerChanges(uid)}/n`)).toBe(changes)
    expect(await db.read('notifications/slots')).toBeNull()
  })

  test.each([
    ['no sign-in', { granted: true }, null, 'unauthenticated'],
    [
      'another wallet in the request',
      { granted: true, wallet: '0x0000000000000000000000000000000000000B0b' },
      uid,
      'invalid-argument',
    ],
    ['a malformed flag', { granted: 'yes' }, uid, 'invalid-argument'],
    ['an account that is not a wallet', { granted: true }, 'not-a-wallet', 'invalid-argument'],
  ])('error: %s is refused and writes nothing', async (_name, data, caller, code) => {
    const error = await call(data, caller).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpsError)
    expect((error as HttpsError).code).toBe(code)
    expect(await db.read('notifications')).toBeNull()
  })
})
