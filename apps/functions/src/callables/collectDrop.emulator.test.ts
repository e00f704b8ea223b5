import { randomBytes } from 'node:crypto'
import {
  cellOf,
  databasePaths,
  distanceInMeters,
  formatDropId,
  SPAWN_WINDOW_MS,
  spawnWindowOf,
  travelWaitMs,
  WATCH_CELL_PRECISION,
  watchCellOf,
} from '@worldmap/game'
import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import { FirebaseError } from 'firebase/app'
import { onValue, ref } from 'firebase/database'
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions'
import { getAddress, toHex } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { createAdmin, createClient, readOnce, readTestStack } from '../../test/testStack.js'
import type { CollectDropResult } from '../database/collectDropInDatabase.js'
import { spawnAreaOf } from '../spawning/ensureDropsNear.js'
import type { EnsureDropsNearResult } from './createEnsureDropsNearHandler.js'

const stack = readTestStack()
const admin = createAdmin()
const clients: { close(): Promise<void> }[] = []
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()))
  await admin.close()
})

/** What the local stack configures (WORLDMAP_VERIFIER=simulator, default app id and action). */
const appId = 'app_staging_worldmap'
const action = 'verify-human'
const M_PER_DEG = 111_195.08

const randomUid = () => getAddress(toHex(randomBytes(20)))

/** A player signed in through the Auth emulator, with the callables on the Functions emulator. */
async function signIn(uid: string) {
  const client = await createClient(await admin.mintCustomToken(uid))
  clients.push(client)
  const functions = getFunctions(client.app, 'asia-southeast1')
  connectFunctionsEmulator(functions, '127.0.0.1', stack.ports.functions)
  return {
    client,
    ensureDropsNear: httpsCallable<{ lat: number; lng: number }, EnsureDropsNearResult>(functions, 'ensureDropsNear'),
    collectDrop: httpsCallable<{ dropId: string; lat: number; lng: number; accuracy: number }, CollectDropResult>(
      functions,
      'collectDrop',
    ),
    verifyHuman: httpsCallable<unknown, { verifiedLevel: string }>(functions, 'verifyHuman'),
  }
}

/** Never start a step that must stay inside one spawn window right before the window ends. */
async function awayFromWindowEnd() {
  const left = SPAWN_WINDOW_MS - (Date.now() % SPAWN_WINDOW_MS)
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100))
}

/** A live drop written as the server would (its public record), at `at` or a random place in Singapore. */
async function placeDrop(at?: { lat: number; lng: number }) {
  const { lat, lng } = at ?? { lat: 1.29 + Math.random() / 100, lng: 103.85 + Math.random() / 100 }
  const { index: window, end } = spawnWindowOf(Date.now())
  const cell = cellOf(lat, lng)
  // Indexes 10–99: never one the spawner uses (0–4).
  const dropId = formatDropId({ cell, window, index: 10 + Math.floor(Math.random() * 90) })
  const drop = { lat, lng, kind: 'compass', rarity: 'legendary', expiresAt: end }
  await admin.databases
    .ofCell(cell, window)
    .ref(databasePaths.drop(window, cell.slice(0, WATCH_CELL_PRECISION), dropId))
    .set(drop)
  return { dropId, drop, window, watchCell: cell.slice(0, WATCH_CELL_PRECISION) }
}

async function verifiedPlayers(count: number) {
  const uids = Array.from({ length: count }, randomUid)
  // Each on the player's own instance: a multi-path update cannot span two.
  await Promise.all(uids.map((uid) => admin.databases.ofPlayer(uid).ref(`profiles/${uid}/verifiedLevel`).set('orb')))
  return { uids, players: await Promise.all(uids.map(signIn)) }
}

/** Read a path as a signed-in client (the rules apply), on the instance holding `cell` or a player's records (the main one without). */
function clientRead(
  player: Awaited<ReturnType<typeof signIn>>,
  path: string,
  at?: string | { player: string },
): Promise<unknown> {
  const database =
    at === undefined
      ? player.client.database
      : typeof at === 'string'
        ? player.client.databaseOfCell(at)
        : player.client.databaseOfPlayer(at.player)
  return new Promise((resolve, reject) =>
    onValue(ref(database, path), (snapshot) => resolve(snapshot.val()), reject, { onlyOnce: true }),
  )
}

const cities = {
  singapore: { lat: 1.3521, lng: 103.8198 },
  paris: { lat: 48.8566, lng: 2.3522 },
  newYork: { lat: 40.7128, lng: -74.006 },
  saoPaulo: { lat: -23.5505, lng: -46.6333 },
  nairobi: { lat: -1.2921, lng: 36.8219 },
}

describe('game callables on the emulators', () => {
  test('behavior: 20 players collect one drop at once through httpsCallable → exactly one success', async () => {
    await awayFromWindowEnd()
    const { uids, players } = await verifiedPlayers(20)
    const { dropId, drop, window, watchCell } = await placeDrop()
    const near = { dropId, lat: drop.lat + 10 / M_PER_DEG, lng: drop.lng, accuracy: 5 }

    const settled = await Promise.allSettled(players.map((player) => player.collectDrop(near)))

    const winners = uids.filter((_, index) => settled[index]?.status === 'fulfilled')
    expect(winners).toHaveLength(1)
    const failures = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []))
    expect(failures).toHaveLength(19)
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(FirebaseError)
      expect(failure).toMatchObject({ code: 'functions/already-exists', details: { code: 'already_collected' } })
    }
    const winner = winners[0] as string
    const inventories = await Promise.all(uids.map((uid) => readOnce(admin.databases.ofPlayer(uid), `inventories/${uid}`)))
    expect(inventories.filter((inventory) => inventory !== null)).toEqual([
      {
        [dropId]: { kind: 'compass', rarity: 'legendary', dropId, lat: drop.lat, lng: drop.lng, collectedAt: expect.any(Number) },
      },
    ])
    expect(await readOnce(admin.databases.ofCell(watchCell, window), `claims/${window}/${dropId}/uid`)).toBe(winner)
    expect(await readOnce(admin.databases.ofCell(watchCell, window), databasePaths.drop(window, watchCell, dropId))).toBeNull()
    expect(await readOnce(admin.databases.ofPlayer(winner), `profiles/${winner}/stats/collected`)).toBe(1)
    // 20 sign-ins and the emulator starting a worker per concurrent call: slow on 2 cores.
  }, 120_000)

  test('default: verify → spawn around you → read your cells → collect; nobody else can tell who, where or when', async () => {
    const uid = randomUid()
    const player = await signIn(uid)
    const proof = await createSimulatedIdentity({ seed: `emulator-${uid}` }).prove({
      appId,
      action,
      signalHash: hashToField(uid),
      level: 'orb',
    })

    // Not verified yet: collecting is refused.
    await awayFromWindowEnd()
    const placed = await placeDrop()
    await expect(
      player.collectDrop({ dropId: placed.dropId, lat: placed.drop.lat, lng: placed.drop.lng, accuracy: 5 }),
    ).rejects.toMatchObject({ code: 'functions/permission-denied', details: { code: 'not_verified' } })

    expect((await player.verifyHuman({ ...proof, status: 'success' })).data).toEqual({ verifiedLevel: 'orb' })
    const profile = await readOnce<Record<string, unknown>>(admin.databases.ofPlayer(uid), `profiles/${uid}`)
    expect(profile).toEqual({
      publicId: expect.stringMatching(/^p[0-9a-f]{24}$/),
      verifiedLevel: 'orb',
      createdAt: expect.any(Number),
    })
    expect(await readOnce(admin.database, `publicProfiles/${profile?.publicId}`)).toEqual({ verified: true })

    const here = { lat: 1.3521 + Math.random() / 10, lng: 103.8198 + Math.random() / 10 }
    await awayFromWindowEnd()
    const { data: spawned } = await player.ensureDropsNear(here)
    expect(spawned).toEqual({
      window: spawnWindowOf(Date.now()).index,
      expiresAt: expect.any(Number),
      cells: expect.any(Array),
      // The watch cells within 500 m: another test of the stack may have spawned some of them this window already.
      spawned: expect.any(Number),
      serverTime: expect.any(Number),
    })
    expect(spawned.cells).toHaveLength(9)
    for (const cell of spawnAreaOf(here).spawnWatchCells) {
      expect(
        await readOnce(admin.databases.ofCell(cell, spawned.window), databasePaths.spawnedCell(spawned.window, cell)),
      ).toEqual(expect.any(Number))
    }
    expect((await player.ensureDropsNear(here)).data.spawned).toBe(0)

    // What the map does: read the 9 watch cells, as the player (the rules apply).
    const cells = await Promise.all(
      spawned.cells.map((cell) => clientRead(player, databasePaths.dropsCell(spawned.window, cell), cell)),
    )
    const drops = cells.flatMap((value) =>
      Object.entries((value ?? {}) as Record<string, { lat: number; lng: number; kind: string }>).map(([id, drop]) => ({
        id,
        ...drop,
      })),
    )
    // Spots ~150 m apart: the third-nearest is always within ~400 m, inside the spawned cells.
    expect(drops.length).toBeGreaterThanOrEqual(3)
    // The nearest: drops stand ~150 m apart or more (the spawn rule), the nearest usually 100–200 m away.
    const target = drops.reduce((best, drop) => (distanceInMeters(here, drop) < distanceInMeters(here, best) ? drop : best))
    // Walk there at a human pace: reporting the drop's spot at once would be a jump the travel gate refuses.
    const walk = travelWaitMs({ ...here, at: 0 }, { lat: target.lat, lng: target.lng, at: 0 })
    await new Promise((resolve) => setTimeout(resolve, walk + 500))
    const { data } = await player.collectDrop({ dropId: target.id, lat: target.lat, lng: target.lng, accuracy: 3 })
    expect(data).toMatchObject({ itemId: target.id, item: { dropId: target.id, kind: target.kind }, distance: 0 })
    expect(await readOnce(admin.databases.ofPlayer(uid), `profiles/${uid}/stats/collected`)).toBe(1)

    // A throwaway account watching the same cell sees the drop gone, and nothing that names the collector.
    const watcher = await signIn(randomUid())
    const targetCell = target.id.slice(0, WATCH_CELL_PRECISION)
    const after = await clientRead(watcher, databasePaths.dropsCell(spawned.window, targetCell), targetCell)
    expect(Object.keys((after ?? {}) as object)).not.toContain(target.id)
    expect(JSON.stringify(after).toLowerCase()).not.toContain(uid.toLowerCase())
    // Regional paths on the instance that holds them (and on main), the player's on their instance (and on main).
    for (const [path, cell] of [
      [`claims/${spawned.window}/${target.id}`, targetCell],
      [`claims/${spawned.window}/${target.id}`, undefined],
      ['drops', targetCell],
      ['drops', undefined],
      [`inventories/${uid}`, { player: uid }],
      [`profiles/${uid}`, { player: uid }],
      [`players/${uid}`, { player: uid }],
      [`inventories/${uid}`, undefined],
      [`profiles/${uid}`, undefined],
    ] as const) {
      await expect(clientRead(watcher, path, cell), path).rejects.toThrow(/permission_denied/i)
    }
  }, 60_000)

  test('behavior: an unverified account standing still opens home and the map 40 times: never refused, and it spawns its area once', async () => {
    // Issue 31: only causing a spawn spends the quota. The area's cells are spawned by the first call; the other 39,
    // jittering by 2 m as a standing phone does, find them there and cost nothing. New areas stay limited: an
    // unverified account spawns 3, then one every 20 minutes (the handler's tests move a player across town on a
    // test clock, which real time here cannot).
    const player = await signIn(randomUid())
    const start = { lat: 1.3 + Math.random() / 10, lng: 103.8 + Math.random() / 10 }
    const spawned: number[] = []
    for (let call = 0; call < 40; call++) {
      const position = { lat: start.lat + ((call % 2) * 2) / M_PER_DEG, lng: start.lng }
      spawned.push((await player.ensureDropsNear(position)).data.spawned)
    }
    expect(spawned[0]).toBeGreaterThan(0)
    expect(spawned.slice(1).every((count) => count === 0)).toBe(true)
  }, 120_000)

  test('error: 30 parallel calls of a fresh unverified account at a new spot spawn each cell once; those past its quota are refused', async () => {
    const parallel = await signIn(randomUid())
    const at = { lat: 1.4 + Math.random() / 10, lng: 103.9 + Math.random() / 10 }
    const settled = await Promise.allSettled(Array.from({ length: 30 }, () => parallel.ensureDropsNear(at)))
    const fulfilled = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.data] : []))
    // Each asked before any spawn was written, so each may try to spend: no more than the quota's 3 do.
    expect(fulfilled.filter((reply) => reply.spawned > 0).length).toBeLessThanOrEqual(3)
    for (const outcome of settled) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ details: { code: 'rate_limited' } })
    }
    // However many went through, every watch cell of the spot was spawned exactly once.
    const cells = fulfilled[0]?.cells ?? []
    expect(fulfilled.reduce((sum, reply) => sum + reply.spawned, 0)).toBeLessThanOrEqual(cells.length)
    expect(fulfilled.reduce((sum, reply) => sum + reply.spawned, 0)).toBeGreaterThan(0)
  }, 120_000)

  test('error: spawning on another continent right after spawning here → impossible_travel, nothing spawned there', async () => {
    const { players } = await verifiedPlayers(1)
    const player = players[0] as Awaited<ReturnType<typeof signIn>>
    const here = { lat: cities.singapore.lat + Math.random() / 10, lng: cities.singapore.lng + Math.random() / 10 }
    // São Paulo: no other test spawns there, so its watch cell can only have been spawned by this call.
    const there = { lat: cities.saoPaulo.lat + Math.random() / 10, lng: cities.saoPaulo.lng + Math.random() / 10 }
    await awayFromWindowEnd()
    await player.ensureDropsNear(here)
    await expect(player.ensureDropsNear(there)).rejects.toMatchObject({
      code: 'functions/failed-precondition',
      details: { code: 'impossible_travel', retryAfterMs: expect.any(Number) },
    })
    const window = spawnWindowOf(Date.now()).index
    const thereCell = watchCellOf(there.lat, there.lng)
    expect(await readOnce(admin.databases.ofCell(thereCell, window), databasePaths.spawnedCell(window, thereCell))).toBeNull()
  }, 60_000)

  test('error: one account collecting on five continents in seconds → only the first collect counts', async () => {
    const { uids, players } = await verifiedPlayers(1)
    const player = players[0] as Awaited<ReturnType<typeof signIn>>
    await awayFromWindowEnd()
    const outcomes: unknown[] = []
    for (const city of Object.values(cities)) {
      const { dropId, drop } = await placeDrop({ lat: city.lat + Math.random() / 100, lng: city.lng + Math.random() / 100 })
      outcomes.push(
        await player.collectDrop({ dropId, lat: drop.lat, lng: drop.lng, accuracy: 5 }).then(
          () => 'collected',
          (error: { details?: { code?: string } }) => error.details?.code,
        ),
      )
    }
    expect(outcomes).toEqual(['collected', 'impossible_travel', 'impossible_travel', 'impossible_travel', 'impossible_travel'])
    expect(
      Object.keys((await readOnce<object>(admin.databases.ofPlayer(uids[0] as string), `inventories/${uids[0]}`)) ?? {}),
    ).toHaveLength(1)
  }, 60_000)

  test('error: collecting with the quota used up → rate_limited with a retry time, nothing collected', async () => {
    // The burst itself (10, then one per 3 s) is pinned by passGate's unit tests; here, a drained bucket
    // as the server stores it, so the outcome does not depend on how fast this machine makes 11 calls.
    const { uids, players } = await verifiedPlayers(1)
    const player = players[0] as Awaited<ReturnType<typeof signIn>>
    const uid = uids[0] as string
    await awayFromWindowEnd()
    const { dropId, drop } = await placeDrop()
    await admin.databases.ofPlayer(uid).ref(`players/${uid}/collect`).set({ tokens: 0, at: Date.now() })
    await expect(player.collectDrop({ dropId, lat: drop.lat, lng: drop.lng, accuracy: 5 })).rejects.toMatchObject({
      code: 'functions/resource-exhausted',
      details: { code: 'rate_limited', retryAfterMs: expect.any(Number) },
    })
    expect(await readOnce(admin.databases.ofPlayer(uid), `inventories/${uid}`)).toBeNull()
  }, 60_000)

  test('error: one human cannot verify a second account', async () => {
    const human = createSimulatedIdentity({ seed: `emulator-human-${randomUid()}` })
    const [first, second] = [randomUid(), randomUid()]
    const proofFor = (uid: string) => human.prove({ appId, action, signalHash: hashToField(uid), level: 'device' })
    expect((await (await signIn(first)).verifyHuman(await proofFor(first))).data).toEqual({ verifiedLevel: 'device' })
    await expect((await signIn(second)).verifyHuman(await proofFor(second))).rejects.toMatchObject({
      code: 'functions/already-exists',
      details: { code: 'human_already_linked' },
    })
  })

  test('error: calling without signing in → unauthenticated', async () => {
    const client = await createClient()
    clients.push(client)
    const functions = getFunctions(client.app, 'asia-southeast1')
    connectFunctionsEmulator(functions, '127.0.0.1', stack.ports.functions)
    await expect(httpsCallable(functions, 'ensureDropsNear')({ lat: 1, lng: 2 })).rejects.toMatchObject({
      code: 'functions/unauthenticated',
    })
  })
})
