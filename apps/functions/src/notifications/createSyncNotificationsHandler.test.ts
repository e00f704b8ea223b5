import { databasePaths } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { HttpsError } from 'firebase-functions/v2/https'
import { describe, expect, test } from 'vitest'
import type { TestDatabase } from '../database/testing/startTestDatabase.js'
import { useTestDatabase } from '../database/testing/useTestDatabase.js'
import { createSyncNotificationsHandler } from './createSyncNotificationsHandler.js'
import { notificationPaths } from './notificationPaths.js'

let db: TestDatabase
let database: Database
useTestDatabase((started) => {
  db = started
  database = started.database
})

const uid = '0x00000000000000000000000000000000000A11cE'
const now = Date.UTC(2026, 10, 26, 3, 0)
const handler = createSyncNotificationsHandler(() => ({ database, now: () => now }), { log: () => {} })
const call = (data: unknown, caller: string | null = uid) =>
  handler({ auth: caller ? ({ uid: caller } as never) : undefined, data })

describe('syncNotifications', () => {
  test('default: granted → the caller is filed under their zone’s slot', async () => {
    expect(await call({ granted: true, timeZone: 'Asia/Singapore' })).toEqual({ enrolled: true, optedOut: false })
    expect(await db.read(notificationPaths.slotEntry(11, uid))).toBe(true)
    expect(await db.read(notificationPaths.player(uid))).toEqual({
      granted: true,
      optedOut: false,
      slot: 11,
      timeZone: 'Asia/Singapore',
      updatedAt: now,
    })
  })

  test('behavior: the progress record’s zone wins over the device’s', async () => {
    await database
      .ref(databasePaths.progress(uid))
      .set({ timeZone: 'Asia/Jakarta', day: '2026-11-25', today: 1, streak: 2, best: 2, updatedAt: 0 })
    await call({ granted: true, timeZone: 'Asia/Singapore' })
    expect(await db.read(notificationPaths.slotEntry(12, uid))).toBe(true)
  })

  test('behavior: opting out, and the permission revoked, take the player out of the index; the switch is remembered', async () => {
    await call({ granted: true, timeZone: 'UTC' })
    expect(await call({ granted: true, optedOut: true })).toEqual({ enrolled: false, optedOut: true })
    expect(await db.read(notificationPaths.slot(19))).toBeNull()
    // A later sync that only reads the permission keeps the switch off.
    expect(await call({ granted: true })).toEqual({ enrolled: false, optedOut: true })
    expect(await call({ granted: true, optedOut: false })).toEqual({ enrolled: true, optedOut: false })
    expect(await call({ granted: false })).toEqual({ enrolled: false, optedOut: false })
    expect(await db.read(notificationPaths.slot(19))).toBeNull()
  })

  test('behavior: a device zone that is not a zone counts as UTC', async () => {
    await call({ granted: true, timeZone: 'Mars/Base' })
    expect(await db.read(notificationPaths.slotEntry(19, uid))).toBe(true)
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
