// Issue 24, point 2: a spot's drop renews every window, but each player finds
// each spot once per UTC day, so standing still cannot farm the renewals; and
// point 4: a streak reward is its player's alone.
import {
  databasePaths,
  distanceInMeters,
  formatDropId,
  parseStreakDropId,
  RARITIES,
  type Rarity,
  SPAWN_WINDOW_MS,
  spawnWindowOf,
  streakDropSchema,
} from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { describe, expect, test } from 'vitest'
import { AlreadyCollectedError } from '../refusals/AlreadyCollectedError.js'
import { DropNotFoundError } from '../refusals/DropNotFoundError.js'
import { SpotAlreadyFoundError } from '../refusals/SpotAlreadyFoundError.js'
import { collectDropInDatabase } from './collectDropInDatabase.js'
import { grantStreakDrop } from './grantStreakDrop.js'
import type { TestDatabase } from './testing/startTestDatabase.js'
import { useTestDatabase } from './testing/useTestDatabase.js'

const DAY = 24 * 60 * 60 * 1000
/** 2025-01-01 12:10 UTC: UTC day 20089, windows 964296… */
const now = Date.UTC(2025, 0, 1, 12, 10)
const { index: window } = spawnWindowOf(now)
const day = Math.floor(now / DAY)
const cell = 'w21z0yp'
const watchCell = 'w21z0y'
const spot = { lat: 1.3, lng: 103.8 }
const uidOf = (index: number) => `0x${(index + 1).toString(16).padStart(40, '0')}`
const [alice, bob] = [uidOf(0), uidOf(1)]
const seed = 'streak-seed-0123456789abcdef'

/** The drop spot 0 of the cell holds in window `at` (its kind and rarity do not matter here). */
const dropOf = (at: number) => ({
  id: formatDropId({ cell, window: at, index: 0 }),
  record: { ...spot, kind: 'gem', rarity: 'common', expiresAt: (at + 1) * SPAWN_WINDOW_MS },
})
const collect = (database: Database, uid: string, dropId: string, time: number, where = spot) =>
  collectDropInDatabase(database, { uid, dropId, lat: where.lat, lng: where.lng, accuracy: 5 }, time)

let db: TestDatabase
let database: Database
useTestDatabase((started) => {
  db = started
  database = started.database
})

/** Put spot 0's drops of these windows on the map, and verified profiles for alice and bob. */
async function seedSpot(windows: number[], profiles: Record<string, unknown> = {}) {
  const updates: Record<string, unknown> = {
    [`profiles/${alice}/verifiedLevel`]: 'orb',
    [`profiles/${bob}/verifiedLevel`]: 'orb',
    ...profiles,
  }
  for (const at of windows) updates[databasePaths.drop(at, watchCell, dropOf(at).id)] = dropOf(at).record
  await database.ref().update(updates)
}

describe('a spot, once a day', () => {
  test('default: the next window’s drop at a spot the player found today is refused, with words; others may take it', async () => {
    await seedSpot([window, window + 1])
    await collect(database, alice, dropOf(window).id, now)
    expect(await db.read(databasePaths.spotFind(day, alice, `${cell}_0`))).toBe(dropOf(window).id)
    const later = now + SPAWN_WINDOW_MS
    const refusal = collect(database, alice, dropOf(window + 1).id, later)
    await expect(refusal).rejects.toThrow(SpotAlreadyFoundError)
    await expect(refusal).rejects.toMatchObject({
      code: 'spot_already_found',
      shortMessage: 'spot_already_found',
    })
    // Nothing was claimed or counted by the refusal, and the drop is still there for others.
    expect(await db.read(databasePaths.claim(window + 1, dropOf(window + 1).id))).toBeNull()
    expect(await db.read(`profiles/${alice}/stats/collected`)).toBe(1)
    await collect(database, bob, dropOf(window + 1).id, later)
    expect(await db.read(`inventories/${bob}`)).toEqual({ [dropOf(window + 1).id]: expect.anything() })
  })

  test('behavior: standing still all day at one spot gives one find of it, however many windows renew it', async () => {
    const first = day * 48
    const windows = Array.from({ length: 48 }, (_, index) => first + index)
    await seedSpot(windows)
    let found = 0
    for (const at of windows) {
      try {
        await collect(database, alice, dropOf(at).id, at * SPAWN_WINDOW_MS + 60_000)
        found += 1
      } catch (error) {
        expect(error).toBeInstanceOf(SpotAlreadyFoundError)
      }
    }
    expect(found).toBe(1)
    expect(await db.read(`profiles/${alice}/progress/today`)).toBe(1)
  })

  test('behavior: the next UTC day, the spot is the player’s to find again', async () => {
    const tomorrow = (day + 1) * 48
    await seedSpot([window, tomorrow])
    await collect(database, alice, dropOf(window).id, now)
    await collect(database, alice, dropOf(tomorrow).id, tomorrow * SPAWN_WINDOW_MS + 60_000)
    expect(Object.keys((await db.read(`inventories/${alice}`)) ?? {}).sort()).toEqual(
      [dropOf(tomorrow).id, dropOf(window).id].sort(),
    )
  })

  test('behavior: two collects of one spot racing across the window’s end → one find', async () => {
    await seedSpot([window, window + 1])
    const end = (window + 1) * SPAWN_WINDOW_MS
    const settled = await Promise.allSettled([
      collect(database, alice, dropOf(window).id, end - 1),
      collect(db.openInstance(), alice, dropOf(window + 1).id, end),
    ])
    expect(settled.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of settled) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(SpotAlreadyFoundError)
    expect(await db.read(`profiles/${alice}/stats/collected`)).toBe(1)
  })

  test('behavior: a crash between taking the spot and the claim loses nothing: the retry of that drop goes through', async () => {
    await seedSpot([window], { [databasePaths.spotFind(day, alice, `${cell}_0`)]: dropOf(window).id })
    await collect(database, alice, dropOf(window).id, now)
    expect(await db.read(`inventories/${alice}`)).toEqual({ [dropOf(window).id]: expect.anything() })
    expect(await db.read(databasePaths.spotFind(day, alice, `${cell}_0`))).toBe(dropOf(window).id)
  })

  test('behavior: a player who loses the race for a drop keeps the spot for its next drop', async () => {
    await seedSpot([window, window + 1])
    const settled = await Promise.allSettled([
      collect(database, alice, dropOf(window).id, now),
      collect(db.openInstance(), bob, dropOf(window).id, now),
    ])
    const loser = settled[0].status === 'rejected' ? alice : bob
    for (const outcome of settled) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(AlreadyCollectedError)
    expect(await db.read(databasePaths.spotFind(day, loser, `${cell}_0`))).toBeNull()
    await collect(database, loser, dropOf(window + 1).id, now + SPAWN_WINDOW_MS)
    expect(await db.read(`profiles/${loser}/stats/collected`)).toBe(1)
  })
})

/** A progress whose last find was yesterday (Singapore), `streak` days long. */
const yesterdayStreak = (streak: number) => ({
  timeZone: 'Asia/Singapore',
  day: '2024-12-31',
  today: 3,
  streak,
  best: streak,
  updatedAt: now - DAY,
  timeZoneSince: 0,
})

describe('streak rewards', () => {
  test('default: day 3 of a streak: one rare-or-better drop 100–250 m away, reserved to its player, once a day', async () => {
    await seedSpot([], { [`profiles/${alice}/progress`]: yesterdayStreak(2) })
    const id = (await grantStreakDrop(database, { uid: alice, origin: spot, now, seed })) as string
    expect(parseStreakDropId(id)).not.toBeNull()
    const stored = await db.read<Record<string, unknown>>(databasePaths.streakDrops(alice))
    expect(Object.keys(stored ?? {})).toEqual([id])
    const drop = streakDropSchema.parse(stored?.[id])
    expect(drop.streakDay).toBe(3)
    expect(RARITIES.indexOf(drop.rarity)).toBeGreaterThanOrEqual(RARITIES.indexOf('rare'))
    expect(distanceInMeters(spot, drop)).toBeGreaterThanOrEqual(100)
    expect(distanceInMeters(spot, drop)).toBeLessThanOrEqual(250)
    // Midnight in Singapore (16:00 UTC).
    expect(drop.expiresAt).toBe(Date.UTC(2025, 0, 1, 16))
    // Asked again today (anywhere): nothing more.
    expect(
      await grantStreakDrop(database, { uid: alice, origin: { lat: 1.31, lng: 103.81 }, now: now + 60_000, seed }),
    ).toBeNull()
    expect(await db.read(databasePaths.streakDrops(alice))).toEqual(stored)
  })

  test.each<{ name: string; progress: ReturnType<typeof yesterdayStreak> | null; due: Rarity | null }>([
    { name: 'a new player', progress: null, due: null },
    { name: 'day 2', progress: yesterdayStreak(1), due: null },
    { name: 'day 4', progress: yesterdayStreak(3), due: null },
    { name: 'day 7', progress: yesterdayStreak(6), due: 'epic' },
    { name: 'day 8', progress: yesterdayStreak(7), due: null },
  ])('parameters: $name', async ({ progress, due }) => {
    await seedSpot([], progress ? { [`profiles/${alice}/progress`]: progress } : {})
    const id = await grantStreakDrop(database, { uid: alice, origin: spot, now, seed })
    if (due === null) {
      expect(id).toBeNull()
      expect(await db.read('streakDrops')).toBeNull()
      return
    }
    const drop = streakDropSchema.parse(await db.read(databasePaths.streakDrop(alice, id as string)))
    expect(RARITIES.indexOf(drop.rarity)).toBeGreaterThanOrEqual(RARITIES.indexOf(due))
  })

  test('behavior: its player collects it once; nobody else can, not even knowing its id', async () => {
    await seedSpot([], { [`profiles/${alice}/progress`]: yesterdayStreak(2) })
    const id = (await grantStreakDrop(database, { uid: alice, origin: spot, now, seed })) as string
    const drop = streakDropSchema.parse(await db.read(databasePaths.streakDrop(alice, id)))
    const there = { lat: drop.lat, lng: drop.lng }
    await expect(collect(database, bob, id, now + 60_000, there)).rejects.toThrow(DropNotFoundError)
    const result = await collect(database, alice, id, now + 60_000, there)
    expect(result.item).toMatchObject({ kind: drop.kind, rarity: drop.rarity, dropId: id })
    expect(result.progress).toMatchObject({ streak: 3, today: 1 })
    expect(await db.read(databasePaths.streakDrops(alice))).toBeNull()
    const { window: claimWindow } = parseStreakDropId(id) as { window: number }
    expect(await db.read(databasePaths.claim(claimWindow, id))).toMatchObject({ uid: alice, delivered: true })
    // A repeat gets the same item; bob still finds nothing.
    expect((await collect(database, alice, id, now + 120_000, there)).item).toEqual(result.item)
    await expect(collect(database, bob, id, now + 120_000, there)).rejects.toThrow(DropNotFoundError)
    expect(await db.read(`profiles/${alice}/stats/collected`)).toBe(1)
  })
})
