import {
  DAILY_GOAL,
  databasePaths,
  distanceInMeters,
  localDayOf,
  MAX_TRAVEL_SPEED_MPS,
  parseStreakDropId,
  RARITIES,
  type Rarity,
  streakDropSchema,
} from '@worldmap/game'
import { onValue, ref } from 'firebase/database'
import { afterAll, describe, expect, test } from 'vitest'
import { awayFromWindowEnd, type Player, signIn, verify } from '../../test/emulatorPlayers.js'
import { createAdmin, readOnce } from '../../test/testStack.js'

// Streak rewards (issue 24, point 4) through the real callables: who gets one, on which streak day, only once,
// and nobody else can see or collect it.
const admin = createAdmin()
const players: Player[] = []
afterAll(async () => {
  await Promise.all(players.map((player) => player.close()))
  await admin.close()
})

const DAY = 24 * 60 * 60 * 1000
/** Somewhere in Singapore, a different place per player. */
const here = () => ({ lat: 1.3 + Math.random() / 10, lng: 103.75 + Math.random() / 10 })

/** A signed-in player (orb-verified unless told otherwise) whose last find was yesterday (UTC), `streak` days long. */
async function playerOnStreak(streak: number, verified = true) {
  const player = await signIn(admin)
  players.push(player)
  if (verified) await verify(admin, player, 'orb', {})
  const yesterday = Date.now() - DAY
  await admin.databases
    .ofPlayer(player.uid)
    .ref(databasePaths.progress(player.uid))
    .set({
      timeZone: 'UTC',
      day: localDayOf(yesterday, 'UTC'),
      today: DAILY_GOAL,
      streak,
      best: streak,
      updatedAt: yesterday,
      timeZoneSince: 0,
    })
  return player
}

/** The player's streak rewards as its own app reads them (the rules apply). */
function readRewards(reader: Player, uid: string): Promise<unknown> {
  return new Promise((resolve) =>
    onValue(
      ref(reader.client.databaseOfPlayer(uid), databasePaths.streakDrops(uid)),
      (snapshot) => resolve(snapshot.val()),
      (error) => resolve(/permission_denied/i.test(error.message) ? 'denied' : error),
      { onlyOnce: true },
    ),
  )
}

/** Never straddle UTC midnight: the streak day is today's. */
async function awayFromUtcMidnight() {
  const left = DAY - (Date.now() % DAY)
  if (left < 60_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000))
}

describe('streak rewards', () => {
  test('default: on day 3 a verified player gets one rare-or-better drop 100–250 m away, once, and collects it; nobody else can', async () => {
    await awayFromUtcMidnight()
    await awayFromWindowEnd()
    const alice = await playerOnStreak(2)
    const bob = await playerOnStreak(0)
    const start = here()
    await alice.ensureDropsNear(start)
    const rewards = (await readRewards(alice, alice.uid)) as Record<string, unknown>
    const [id] = Object.keys(rewards)
    expect(Object.keys(rewards)).toHaveLength(1)
    expect(parseStreakDropId(id)).not.toBeNull()
    const drop = streakDropSchema.parse(rewards[id as string])
    expect(drop.streakDay).toBe(3)
    expect(RARITIES.indexOf(drop.rarity)).toBeGreaterThanOrEqual(RARITIES.indexOf('rare'))
    expect(distanceInMeters(start, drop)).toBeGreaterThanOrEqual(100)
    expect(distanceInMeters(start, drop)).toBeLessThanOrEqual(250)

    // Only once: asking again (a little further on) changes nothing.
    const moved = { lat: start.lat + 0.0001, lng: start.lng }
    await alice.ensureDropsNear(moved)
    expect(await readRewards(alice, alice.uid)).toEqual(rewards)

    // Nobody else can read where it is, nor collect it, even standing on it with its id.
    expect(await readRewards(bob, alice.uid)).toBe('denied')
    const there = { lat: drop.lat, lng: drop.lng }
    await bob.ensureDropsNear(there)
    await expect(bob.collectDrop({ dropId: id as string, ...there, accuracy: 5 })).rejects.toMatchObject({
      code: 'functions/not-found',
      details: { code: 'drop_not_found' },
    })

    // Its player walks there at a human pace and collects it: it counts as the streak's third day. (The small move
    // above may have spent the travel gate's slack: wait as if none were left.)
    await new Promise((resolve) => setTimeout(resolve, (distanceInMeters(moved, there) / MAX_TRAVEL_SPEED_MPS) * 1000 + 1000))
    const { data } = await alice.collectDrop({ dropId: id as string, ...there, accuracy: 5 })
    expect(data).toMatchObject({ itemId: id, item: { kind: drop.kind, rarity: drop.rarity }, progress: { streak: 3, today: 1 } })
    expect(await readRewards(alice, alice.uid)).toBeNull()
    expect(await readOnce(admin.databases.ofPlayer(alice.uid), `inventories/${alice.uid}/${id}`)).toMatchObject({ dropId: id })
    await expect(bob.collectDrop({ dropId: id as string, ...there, accuracy: 5 })).rejects.toMatchObject({
      details: { code: 'drop_not_found' },
    })
  }, 90_000)

  test.each<{ name: string; streak: number; verified: boolean; atLeast: Rarity | null }>([
    { name: 'day 7 (epic or better)', streak: 6, verified: true, atLeast: 'epic' },
    { name: 'day 4 (none)', streak: 3, verified: true, atLeast: null },
    { name: 'day 1 (none)', streak: 0, verified: true, atLeast: null },
    { name: 'day 3 but not verified (none: only humans collect)', streak: 2, verified: false, atLeast: null },
  ])(
    'parameters: $name',
    async ({ streak, verified, atLeast }) => {
      await awayFromUtcMidnight()
      const player = await playerOnStreak(streak, verified)
      await player.ensureDropsNear(here())
      const rewards = (await readRewards(player, player.uid)) as Record<string, unknown> | null
      if (atLeast === null) {
        expect(rewards).toBeNull()
        return
      }
      const drops = Object.values(rewards ?? {}).map((value) => streakDropSchema.parse(value))
      expect(drops.map((drop) => drop.streakDay)).toEqual([streak + 1])
      expect(RARITIES.indexOf(drops[0]?.rarity ?? 'common')).toBeGreaterThanOrEqual(RARITIES.indexOf(atLeast))
    },
    60_000,
  )
})
