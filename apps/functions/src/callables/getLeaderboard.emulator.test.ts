import { randomBytes } from 'node:crypto'
import { databasePaths, weekOf } from '@worldmap/game'
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { awayFromWindowEnd, type Player, placeDrop, removeFromLeaderboard, signIn, verify } from '../../test/emulatorPlayers.js'
import { createAdmin, createClient, readOnce, readTestStack } from '../../test/testStack.js'
import { countPlayersAbove } from '../database/readLeaderboard.js'
import { counterShardOf, syncLeaderboardScore } from '../database/syncLeaderboardScore.js'

// getLeaderboard through the real callables on the emulators: a verified human collects, and is on this week's board.
const admin = createAdmin()
const players: Player[] = []
const onBoard: string[] = []
const tag = Math.random().toString(36).slice(2, 8)
let ana: Player
let anaPublicId: string
let anaPoints: number
// From an allowed avatar origin: the stack allows the app's (its usernames stand-in's).
const avatar = `${readTestStack().appOrigins[0]}/avatars/${tag}.png`

beforeAll(async () => {
  ana = await signIn(admin)
  players.push(ana)
  anaPublicId = await verify(admin, ana, 'orb', {
    username: `ana-${tag}`,
    profilePictureUrl: avatar,
  })
  onBoard.push(anaPublicId)
}, 60_000)

afterAll(async () => {
  await removeFromLeaderboard(admin.databases, weekOf(Date.now()).index, onBoard)
  await Promise.all(players.map((player) => player.close()))
  await admin.close()
})

/** Players with more than `points` this week, counted the way ranks are: from the histogram. */
const playersAbove = (points: number) => countPlayersAbove(admin.databases, weekOf(Date.now()).index, points)

describe('getLeaderboard on the emulators', () => {
  test('default: a verified human collects and is on the board under their username and avatar', async () => {
    await awayFromWindowEnd()
    const { data: collected } = await ana.collectDrop((await placeDrop(admin.databases)).request)
    anaPoints = collected.points
    expect(anaPoints).toBe(25)

    const { data } = await ana.getLeaderboard({})
    const week = weekOf(Date.now())
    expect(data).toMatchObject({ week: week.index, startsAt: week.startsAt, endsAt: week.endsAt })
    const rank = 1 + (await playersAbove(anaPoints))
    expect(rank).toBeLessThanOrEqual(50)
    expect(data.you).toEqual({ ranked: true, rank, points: 25 })
    expect(data.entries).toContainEqual({
      rank,
      username: `ana-${tag}`,
      profilePictureUrl: avatar,
      verified: true,
      points: 25,
      you: true,
    })
    expect(data.entries.filter((entry) => entry.you)).toHaveLength(1)
    // Best first; ties share a rank.
    for (let index = 1; index < data.entries.length; index++) {
      const [before, entry] = [data.entries[index - 1], data.entries[index]]
      expect(entry?.points).toBeLessThanOrEqual(before?.points ?? 0)
      expect(entry?.rank).toBe(entry?.points === before?.points ? before?.rank : index + 1)
    }
    const reply = JSON.stringify(data).toLowerCase()
    expect(reply).not.toContain(ana.uid.toLowerCase())
    expect(reply).not.toContain(anaPublicId)
  }, 60_000)

  test('behavior: with 60 players above, the top shows 50 of them and the caller still gets their own rank', async () => {
    const week = weekOf(Date.now()).index
    // Seeded straight into the database with the Admin SDK, as the functions would put them there.
    const seeded = Array.from({ length: 60 }, (_, index) => ({
      publicId: `p${randomBytes(12).toString('hex')}`,
      points: anaPoints + 1 + index,
    }))
    onBoard.push(...seeded.map((player) => player.publicId))
    await admin.database
      .ref()
      .update(
        Object.fromEntries(
          seeded.map(({ publicId }, index) => [
            databasePaths.publicProfile(publicId),
            { verified: true, username: `seed-${tag}-${index}` },
          ]),
        ),
      )
    await Promise.all(
      seeded.map(({ publicId, points }) => syncLeaderboardScore(admin.databases, { week, publicId, points }, Date.now())),
    )

    const { data } = await ana.getLeaderboard({})
    expect(data.entries).toHaveLength(50)
    expect(data.entries.some((entry) => entry.you)).toBe(false)
    expect(data.entries.some((entry) => entry.username === `ana-${tag}`)).toBe(false)
    const rank = 1 + (await playersAbove(anaPoints))
    expect(rank).toBeGreaterThanOrEqual(61)
    expect(data.you).toEqual({ ranked: true, rank, points: anaPoints })
    // The best seeded players fill the top, under their usernames.
    const names = data.entries.map((entry) => entry.username)
    for (let index = 59; index >= 59 - 40; index--) expect(names).toContain(`seed-${tag}-${index}`)
  }, 60_000)

  test('behavior: a device-verified player collects but is never on the board', async () => {
    const dev = await signIn(admin)
    players.push(dev)
    const publicId = await verify(admin, dev, 'device', { username: `dev-${tag}` })
    await awayFromWindowEnd()
    const { data: collected } = await dev.collectDrop((await placeDrop(admin.databases)).request)
    expect(collected).toMatchObject({ firstFind: true, count: 1, points: 0 })
    const { data } = await dev.getLeaderboard({})
    expect(data.you).toEqual({ ranked: false, rank: null, points: 0 })
    expect(data.entries.some((entry) => entry.username === `dev-${tag}` || entry.you)).toBe(false)
    expect(
      await readOnce(
        admin.databases.ofCounterShard(counterShardOf(publicId), weekOf(Date.now()).index),
        databasePaths.leaderboardScore(weekOf(Date.now()).index, publicId),
      ),
    ).toBeNull()
    expect(await readOnce(admin.databases.ofPlayer(dev.uid), databasePaths.week(dev.uid))).toBeNull()
  }, 60_000)

  test('error: a signed-out caller → unauthenticated', async () => {
    const client = await createClient()
    const functions = getFunctions(client.app, 'asia-southeast1')
    connectFunctionsEmulator(functions, '127.0.0.1', readTestStack().ports.functions)
    await expect(httpsCallable(functions, 'getLeaderboard')({})).rejects.toMatchObject({
      code: 'functions/unauthenticated',
      details: { code: 'unauthenticated' },
    })
    await client.close()
  })
})
