import { randomBytes } from 'node:crypto'
import { spawnWindowOf, weekOf } from '@worldmap/game'
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions'
import { afterAll, describe, expect, test } from 'vitest'
import { callAs, emulatorIdToken, inBatches, randomRegion, signInFrom, spotIn } from '../../test/crowd.js'
import {
  awayFromWindowEnd,
  type Player,
  placeDrop,
  randomUid,
  removeFromLeaderboard,
  signIn,
  verify,
} from '../../test/emulatorPlayers.js'
import { createAdmin, readOnce, readTestStack } from '../../test/testStack.js'
import { CROWD_LIMITS } from '../spawning/crowdLimits.js'
import type { EnsureDropsNearResult } from './createEnsureDropsNearHandler.js'

const stack = readTestStack()
const admin = createAdmin()
const players: Player[] = []
const publicIds: string[] = []
afterAll(async () => {
  // Orb-verified players who collected are on this week's board: take them off, the stack is shared.
  await removeFromLeaderboard(admin.databases, weekOf(Date.now()).index, publicIds)
  await Promise.all(players.map((player) => player.close()))
  await admin.close()
})

const WALLETS = 400
const VERIFIED = 20
const CONCURRENCY = 32
/** What the local stack configures (WORLDMAP_VERIFIER=simulator, default app id and action). */
const _appId = 'app_staging_worldmap'
const _action = 'verify-human'

describe('crowd limits (issues 22 and 33)', () => {
  test('behavior: 400 fresh wallets from one network spawn at most its share of a city (10 areas), while 20 verified players in the same city spawn and collect', async () => {
    await awayFromWindowEnd()
    const region = randomRegion()
    const window = spawnWindowOf(Date.now()).index

    const crowdNetwork = `203.0.113.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`
    const crowd = await inBatches(WALLETS, CONCURRENCY, () =>
      callAs<EnsureDropsNearResult>(stack, 'ensureDropsNear', emulatorIdToken(randomUid()), spotIn(region), crowdNetwork),
    )
    const spawnedAreas = crowd.filter((call) => call.ok && call.result.spawned > 0).length
    const refusals = new Map<string, number>()
    for (const call of crowd) if (!call.ok) refusals.set(call.code, (refusals.get(call.code) ?? 0) + 1)
    const markers = Object.keys(
      (await readOnce<Record<string, number>>(admin.databases.ofCell(region, window), `spawned/${window}`)) ?? {},
    ).filter((cell) => cell.startsWith(region)).length
    console.info(`crowd: ${WALLETS} wallets, ${spawnedAreas} spawned areas (${markers} watch cells), refusals`, refusals)
    expect(spawnedAreas).toBeLessThanOrEqual(CROWD_LIMITS.unverifiedSpawnsPerSourceRegion)
    // Every refusal is the typed crowd limit, never a crash.
    expect([...refusals.keys()].every((code) => code === 'area_asleep')).toBe(true)

    // The verified players of the same city keep playing: their spawns and collects succeed.
    const verified = await inBatches(VERIFIED, 10, async () => {
      const player = await signIn(admin)
      players.push(player)
      publicIds.push(await verify(admin, player, 'orb', {}))
      const at = spotIn(region)
      const functions = getFunctions(player.client.app, 'asia-southeast1')
      connectFunctionsEmulator(functions, '127.0.0.1', stack.ports.functions)
      const ensure = httpsCallable<{ lat: number; lng: number }, EnsureDropsNearResult>(functions, 'ensureDropsNear')
      const spawn = await ensure(at)
      const { request } = await placeDrop(admin.databases, at)
      const collect = await player.collectDrop(request)
      return { spawned: spawn.data.spawned, item: collect.data.itemId }
    })
    console.info(
      `verified: ${verified.length} players, ${verified.filter((v) => v.spawned > 0).length} spawned, ${verified.length} collected`,
    )
    expect(verified).toHaveLength(VERIFIED)
    expect(verified.every((v) => typeof v.item === 'string')).toBe(true)
    expect(verified.filter((v) => v.spawned > 0).length).toBeGreaterThan(VERIFIED / 2)
  }, 180_000)

  test('error: fresh wallets signing in from one address stop at the limit (429 too_many_sign_ins); another address is not held up', async () => {
    // A TEST-NET address of its own per run: the stack's front end is the test, which says where the request came from.
    const source = `203.0.113.${randomBytes(1)[0] ?? 1}`
    const attempts = await inBatches(CROWD_LIMITS.signInsPerSource + 5, 8, () => signInFrom(stack, source))
    const admitted = attempts.filter((attempt) => attempt.status === 200 && attempt.customToken).length
    const refused = attempts.filter((attempt) => attempt.status === 429 && attempt.error === 'too_many_sign_ins').length
    console.info(`sign-ins from one address: ${admitted} admitted, ${refused} refused (too_many_sign_ins)`)
    expect({ admitted, refused }).toEqual({ admitted: CROWD_LIMITS.signInsPerSource, refused: 5 })
    expect((await signInFrom(stack, `198.51.100.${randomBytes(1)[0] ?? 1}`)).status).toBe(200)
  })
})
