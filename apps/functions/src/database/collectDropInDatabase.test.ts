import type { Database } from 'firebase-admin/database'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { AlreadyCollectedError } from '../game/errors/AlreadyCollectedError.js'
import { DropExpiredError } from '../game/errors/DropExpiredError.js'
import { DropNotFoundError } from '../game/errors/DropNotFoundError.js'
import { InvalidLocationError } from '../game/errors/InvalidLocationError.js'
import { LocationTooInaccurateError } from '../game/errors/LocationTooInaccurateError.js'
import { NotVerifiedError } from '../game/errors/NotVerifiedError.js'
import { OutOfReachError } from '../game/errors/OutOfReachError.js'
import { type CollectDropInput, collectDropInDatabase } from './collectDropInDatabase.js'
import { StoredDataError } from './errors/StoredDataError.js'
import { type StoredDrop, storedDropSchema } from './storedDropSchema.js'
import { startTestDatabase, type TestDatabase } from './testing/startTestDatabase.js'

const now = Date.UTC(2025, 0, 1, 12, 10)
const dropId = 'd0123456789abcdef0123456789abcdef'
const drop: StoredDrop = {
  lat: 1.3,
  lng: 103.8,
  geohash: 'w21z0ypnm',
  kind: 'gem',
  rarity: 'rare',
  spawnedAt: Date.UTC(2025, 0, 1, 12, 0),
  expiresAt: Date.UTC(2025, 0, 1, 12, 30),
}
/** Metres per degree of latitude (haversine, mean Earth radius). */
const M_PER_DEG = 111_195.08
const north = (metres: number) => drop.lat + metres / M_PER_DEG
const uidOf = (index: number) => `0x${(index + 1).toString(16).padStart(40, '0')}`
const uid = uidOf(0)
const input: CollectDropInput = { uid, dropId, lat: north(10), lng: drop.lng, accuracy: 5 }
const item = { kind: 'gem', rarity: 'rare', dropId, lat: 1.3, lng: 103.8, collectedAt: now }

const verifiedProfiles = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [uidOf(index), { verifiedLevel: 'orb', collected: 0 }]))

let db: TestDatabase
let database: Database
async function start(data: Record<string, unknown>) {
  db = await startTestDatabase(data)
  database = db.database
}
beforeEach(() => start({ drops: { [dropId]: drop }, profiles: verifiedProfiles(1) }))
afterEach(() => db.close())

describe('collectDropInDatabase', () => {
  test('default', async () => {
    const result = await collectDropInDatabase(database, input, now)
    expect(result).toEqual({ itemId: dropId, item, distance: expect.closeTo(10, 3) })
    expect(await db.read(`drops/${dropId}`)).toEqual({ ...drop, collectedBy: uid, collectedAt: now })
    expect(await db.read('inventories')).toEqual({ [uid]: { [dropId]: item } })
    expect(await db.read(`profiles/${uid}`)).toEqual({ verifiedLevel: 'orb', collected: 1 })
  })

  test('behavior: 20 concurrent calls by 20 verified players on one drop → exactly one wins', async () => {
    await db.close()
    await start({ drops: { [dropId]: drop }, profiles: verifiedProfiles(20) })
    // Four Admin apps, as if the calls landed on four function instances.
    const instances = [database, db.openInstance(), db.openInstance(), db.openInstance()]
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        collectDropInDatabase(instances[index % instances.length] as Database, { ...input, uid: uidOf(index) }, now),
      ),
    )
    const winners = settled.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [uidOf(index)] : []))
    const losers = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []))
    expect(winners).toHaveLength(1)
    expect(losers).toHaveLength(19)
    for (const reason of losers) expect(reason).toBeInstanceOf(AlreadyCollectedError)
    const winner = winners[0] as string
    expect(await db.read('inventories')).toEqual({ [winner]: { [dropId]: item } })
    expect(await db.read<StoredDrop>(`drops/${dropId}`)).toMatchObject({ collectedBy: winner })
    const profiles = (await db.read<Record<string, { collected: number }>>('profiles')) ?? {}
    expect(Object.entries(profiles).filter(([, profile]) => profile.collected !== 0)).toEqual([
      [winner, { verifiedLevel: 'orb', collected: 1 }],
    ])
  })

  test('behavior: the same player 20 times at once → one item, counted once, every call gets it', async () => {
    const instances = [database, db.openInstance()]
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => collectDropInDatabase(instances[index % 2] as Database, input, now + index)),
    )
    // Whichever call claimed it, every call reports that one item.
    const claimed = results[0]?.item
    expect(claimed).toMatchObject({ ...item, collectedAt: expect.any(Number) })
    for (const result of results) expect(result).toEqual({ itemId: dropId, item: claimed, distance: expect.closeTo(10, 3) })
    expect(await db.read(`drops/${dropId}/collectedAt`)).toBe(claimed?.collectedAt)
    expect(await db.read('inventories')).toEqual({ [uid]: { [dropId]: claimed } })
    expect(await db.read(`profiles/${uid}/collected`)).toBe(1)
  })

  test('behavior: a claim whose delivery never happened is completed by the next call of its collector', async () => {
    await db.close()
    // The state a crash between the claim and the delivery leaves behind.
    const claimedAt = drop.spawnedAt + 60_000
    await start({
      drops: { [dropId]: { ...drop, collectedBy: uid, collectedAt: claimedAt } },
      profiles: verifiedProfiles(1),
    })
    // Later, expired and from far away: what the claim checked is not checked again.
    const later = drop.expiresAt + 60_000
    const result = await collectDropInDatabase(database, { ...input, lat: north(5_000) }, later)
    const delivered = { ...item, collectedAt: claimedAt }
    expect(result).toEqual({ itemId: dropId, item: delivered, distance: expect.closeTo(5_000, 0) })
    expect(await db.read('inventories')).toEqual({ [uid]: { [dropId]: delivered } })
    expect(await db.read(`profiles/${uid}/collected`)).toBe(1)
    expect(await db.read(`drops/${dropId}`)).toEqual({ ...drop, collectedBy: uid, collectedAt: claimedAt })
  })

  test('behavior: collecting again after a success changes nothing', async () => {
    const first = await collectDropInDatabase(database, input, now)
    const again = await collectDropInDatabase(database, input, now + 1_000)
    expect(again).toEqual(first)
    expect(await db.read('inventories')).toEqual({ [uid]: { [dropId]: item } })
    expect(await db.read(`profiles/${uid}/collected`)).toBe(1)
  })

  test('behavior: counts onto an existing total and keeps the profile', async () => {
    await database.ref(`profiles/${uid}`).update({ collected: 41, username: 'alice' })
    await collectDropInDatabase(database, input, now)
    expect(await db.read(`profiles/${uid}`)).toEqual({ verifiedLevel: 'orb', collected: 42, username: 'alice' })
  })

  test.each([
    { name: 'not verified', change: { uid: uidOf(7) }, error: NotVerifiedError },
    { name: 'no such drop', change: { dropId: 'dmissing' }, error: DropNotFoundError },
    { name: 'too far', change: { lat: north(80) }, error: OutOfReachError },
    { name: 'fix too inaccurate', change: { accuracy: 150 }, error: LocationTooInaccurateError },
    { name: 'latitude out of range', change: { lat: 95 }, error: InvalidLocationError },
  ])('error: $name', async ({ change, error }) => {
    await expect(collectDropInDatabase(database, { ...input, ...change }, now)).rejects.toThrow(error)
    expect(await db.read(`drops/${dropId}`)).toEqual(drop)
    expect(await db.read('inventories')).toBeNull()
  })

  test('error: no such drop and not verified → not verified first (planCollect order)', async () => {
    await expect(collectDropInDatabase(database, { ...input, uid: uidOf(7), dropId: 'dmissing' }, now)).rejects.toThrow(
      NotVerifiedError,
    )
    expect(await db.read('drops/dmissing')).toBeNull()
  })

  test('error: expired', async () => {
    await expect(collectDropInDatabase(database, input, drop.expiresAt)).rejects.toThrow(DropExpiredError)
    expect(await db.read(`drops/${dropId}`)).toEqual(drop)
  })

  test('error: not spawned yet', async () => {
    await expect(collectDropInDatabase(database, input, drop.spawnedAt - 1)).rejects.toThrow(DropNotFoundError)
  })

  test('error: collected by someone else', async () => {
    await database.ref(`drops/${dropId}`).update({ collectedBy: uidOf(9), collectedAt: now - 1 })
    await expect(collectDropInDatabase(database, input, now)).rejects.toThrow(AlreadyCollectedError)
    expect(await db.read(`drops/${dropId}/collectedBy`)).toBe(uidOf(9))
    expect(await db.read('inventories')).toBeNull()
  })

  test('error: a malformed stored drop is a StoredDataError, never a claim', async () => {
    await database.ref(`drops/${dropId}/rarity`).set('mythic')
    const attempt = collectDropInDatabase(database, input, now)
    await expect(attempt).rejects.toThrow(StoredDataError)
    await expect(attempt).rejects.toMatchObject({ code: 'stored_data_invalid', path: `drops/${dropId}` })
    expect(storedDropSchema.safeParse(await db.read(`drops/${dropId}`)).success).toBe(false)
    expect(await db.read(`drops/${dropId}/collectedBy`)).toBeNull()
  })
})
