import { DAILY_GOAL, databasePaths, localDayOf, RARITY_POINTS, weekOf } from '@worldmap/game'
import { afterAll, describe, expect, test } from 'vitest'
import { awayFromWindowEnd, type Player, placeDrop, removeFromLeaderboard, signIn, verify } from '../../test/emulatorPlayers.js'
import { createAdmin, readOnce } from '../../test/testStack.js'
import { counterShardOf } from '../database/syncLeaderboardScore.js'

// collectDrop's daily progress, collection book and weekly points, through the real callables on the emulators.
const admin = createAdmin()
const players: Player[] = []
/** The instance holding a player's score and counter shards this week. */
const scoresOf = (publicId: string) => admin.databases.ofCounterShard(counterShardOf(publicId), weekOf(Date.now()).index)
const ranked: string[] = []
afterAll(async () => {
  await removeFromLeaderboard(admin.databases, weekOf(Date.now()).index, ranked)
  await Promise.all(players.map((player) => player.close()))
  await admin.close()
})

async function orbPlayer(name: string) {
  const player = await signIn(admin)
  players.push(player)
  const publicId = await verify(admin, player, 'orb', { username: name })
  ranked.push(publicId)
  return { player, publicId }
}

/** Never run a "same day" check across a local midnight of `timeZone`. */
async function awayFromMidnight(timeZone: string) {
  while (localDayOf(Date.now(), timeZone) !== localDayOf(Date.now() + 60_000, timeZone)) {
    await new Promise((resolve) => setTimeout(resolve, 10_000))
  }
}

const here = () => ({ lat: 1.3 + Math.random() / 10, lng: 103.8 + Math.random() / 10 })
const beside = (spot: { lat: number; lng: number }) => ({ lat: spot.lat + 0.0001, lng: spot.lng })

describe('collectDrop: progress, collection, weekly points', () => {
  test('default: a collect counts once in progress, collection, week and board; a second the same day → today 2', async () => {
    const { player, publicId } = await orbPlayer('walker')
    await awayFromWindowEnd()
    await awayFromMidnight('Asia/Singapore')
    const spot = here()
    const first = await placeDrop(admin.databases, spot)
    const week = weekOf(Date.now()).index

    const { data } = await player.collectDrop({ ...first.request, timeZone: 'Asia/Singapore' })
    expect(data).toMatchObject({
      itemId: first.dropId,
      firstFind: true,
      count: 1,
      points: RARITY_POINTS.legendary,
      progress: { today: 1, goal: DAILY_GOAL, goalMet: false, streak: 1, best: 1, keptToday: true },
    })
    const profile = await readOnce<Record<string, unknown>>(
      admin.databases.ofPlayer(player.uid),
      databasePaths.profile(player.uid),
    )
    expect(profile).toMatchObject({
      progress: {
        timeZone: 'Asia/Singapore',
        day: localDayOf(Date.now(), 'Asia/Singapore'),
        today: 1,
        streak: 1,
        best: 1,
      },
      collection: { compass: { legendary: { count: 1, firstAt: expect.any(Number) } } },
      week: { week, points: 25 },
    })
    expect(await readOnce(scoresOf(publicId), databasePaths.leaderboardScore(week, publicId))).toMatchObject({
      points: 25,
      counted: 25,
    })

    const second = await placeDrop(admin.databases, beside(spot))
    const { data: again } = await player.collectDrop({ ...second.request, timeZone: 'Asia/Singapore' })
    expect(again).toMatchObject({
      firstFind: false,
      count: 2,
      points: 25,
      progress: { today: 2, goal: DAILY_GOAL, goalMet: false, streak: 1, keptToday: true },
    })
    expect(await readOnce(admin.databases.ofPlayer(player.uid), databasePaths.week(player.uid))).toEqual({ week, points: 50 })
    expect(
      await readOnce(admin.databases.ofPlayer(player.uid), `${databasePaths.collection(player.uid)}/compass/legendary/count`),
    ).toBe(2)
    // On the board at 50, counted once: nothing left of the move through 25.
    expect(await readOnce(scoresOf(publicId), databasePaths.leaderboardScore(week, publicId))).toMatchObject({
      points: 50,
      counted: 50,
    })
    const shard = counterShardOf(publicId)
    expect(await readOnce(scoresOf(publicId), `${databasePaths.leaderboardBucket(week, 25)}/${shard}/m/${publicId}`)).toBeNull()
    expect(await readOnce(scoresOf(publicId), `${databasePaths.leaderboardBucket(week, 50)}/${shard}/m/${publicId}`)).toBeNull()
    expect(
      await readOnce(admin.databases.leaderboardHomeOf(week), `${databasePaths.leaderboardTop(week)}/${publicId}/points`),
    ).toBe(50)
  }, 60_000)

  test('behavior: a double tap (two collects at once) is counted once everywhere', async () => {
    const { player, publicId } = await orbPlayer('double-tapper')
    await awayFromWindowEnd()
    const drop = await placeDrop(admin.databases)
    const week = weekOf(Date.now()).index
    const [a, b] = await Promise.all([player.collectDrop(drop.request), player.collectDrop(drop.request)])
    expect(a.data.item).toEqual(b.data.item)
    for (const { data } of [a, b]) expect(data).toMatchObject({ firstFind: true, count: 1, points: 25 })
    expect(await readOnce(admin.databases.ofPlayer(player.uid), databasePaths.profile(player.uid))).toMatchObject({
      stats: { collected: 1 },
      progress: { today: 1, streak: 1 },
      collection: { compass: { legendary: { count: 1 } } },
      week: { week, points: 25 },
    })
    expect(await readOnce(scoresOf(publicId), databasePaths.leaderboardScore(week, publicId))).toMatchObject({
      points: 25,
      counted: 25,
    })
    // Without a zone from the device, a first find counts in UTC.
    expect(await readOnce(admin.databases.ofPlayer(player.uid), `${databasePaths.progress(player.uid)}/timeZone`)).toBe('UTC')
  }, 60_000)

  test('error: switching time zones to gain a day is refused; the stored zone keeps counting', async () => {
    const { player } = await orbPlayer('zone-hopper')
    await awayFromWindowEnd()
    await awayFromMidnight('Pacific/Pago_Pago')
    await awayFromMidnight('Pacific/Kiritimati')
    const spot = here()
    const progressPath = databasePaths.progress(player.uid)
    const pagoDay = localDayOf(Date.now(), 'Pacific/Pago_Pago')

    await player.collectDrop({ ...(await placeDrop(admin.databases, spot)).request, timeZone: 'Pacific/Pago_Pago' })
    // Kiritimati is a day or two ahead of Pago Pago: hopping there would be "tomorrow" at once.
    const hop = await player.collectDrop({
      ...(await placeDrop(admin.databases, beside(spot))).request,
      timeZone: 'Pacific/Kiritimati',
    })
    expect(hop.data.progress).toMatchObject({ today: 2, streak: 1 })
    expect(await readOnce(admin.databases.ofPlayer(player.uid), progressPath)).toMatchObject({
      timeZone: 'Pacific/Pago_Pago',
      day: pagoDay,
      today: 2,
      streak: 1,
    })

    // A day later (as the server stores it), still refused: the two zones never name the same date.
    const since = Date.now() - 25 * 3_600_000
    await admin.databases.ofPlayer(player.uid).ref(`${progressPath}/timeZoneSince`).set(since)
    await player.collectDrop({
      ...(await placeDrop(admin.databases, beside(beside(spot)))).request,
      timeZone: 'Pacific/Kiritimati',
    })
    expect(await readOnce(admin.databases.ofPlayer(player.uid), progressPath)).toMatchObject({
      timeZone: 'Pacific/Pago_Pago',
      timeZoneSince: since,
      today: 3,
      streak: 1,
    })

    // A zone on the same date (Niue, also UTC−11) is a plain move: granted, and the day stays the same.
    const moved = await player.collectDrop({
      ...(await placeDrop(admin.databases, beside(beside(beside(spot))))).request,
      timeZone: 'Pacific/Niue',
    })
    expect(moved.data.progress).toMatchObject({ today: 4, streak: 1, goalMet: true })
    expect(await readOnce(admin.databases.ofPlayer(player.uid), progressPath)).toMatchObject({
      timeZone: 'Pacific/Niue',
      day: pagoDay,
      today: 4,
    })
  }, 90_000)

  test('error: an invalid time zone → invalid-argument, nothing collected', async () => {
    const { player } = await orbPlayer('mars-walker')
    const drop = await placeDrop(admin.databases)
    await expect(player.collectDrop({ ...drop.request, timeZone: 'Mars/Olympus_Mons' })).rejects.toMatchObject({
      code: 'functions/invalid-argument',
      details: { code: 'invalid_request' },
    })
    expect(await readOnce(admin.databases.ofPlayer(player.uid), databasePaths.inventory(player.uid))).toBeNull()
  }, 60_000)
})
