import { randomBytes } from 'node:crypto'
import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import { FirebaseError } from 'firebase/app'
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions'
import { getAddress, toHex } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { createAdmin, createClient, readOnce, readTestStack } from '../../test/testStack.js'
import type { CollectDropResult } from '../database/collectDropInDatabase.js'
import type { StoredDrop } from '../database/storedDropSchema.js'
import type { Drop } from '../game/dropSchema.js'
import { SPAWN_WINDOW_MS } from '../game/dropsForCell.js'

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
    ensureDropsNear: httpsCallable<{ lat: number; lng: number }, { drops: Drop[] }>(functions, 'ensureDropsNear'),
    collectDrop: httpsCallable<{ dropId: string; lat: number; lng: number; accuracy: number }, CollectDropResult>(
      functions,
      'collectDrop',
    ),
    verifyHuman: httpsCallable<unknown, { verifiedLevel: string }>(functions, 'verifyHuman'),
  }
}

/** A live drop written as the server would, at a random place. */
async function placeDrop(): Promise<{ dropId: string; drop: StoredDrop }> {
  const dropId = `d${randomBytes(16).toString('hex')}`
  const now = Date.now()
  const drop: StoredDrop = {
    lat: 1.29 + Math.random() / 100,
    lng: 103.85 + Math.random() / 100,
    geohash: 'w21z74nxx',
    kind: 'compass',
    rarity: 'legendary',
    spawnedAt: now - 60_000,
    expiresAt: now + 10 * 60_000,
  }
  await admin.database.ref(`drops/${dropId}`).set(drop)
  return { dropId, drop }
}

describe('game callables on the emulators', () => {
  test('behavior: 20 players collect one drop at once through httpsCallable → exactly one success', async () => {
    const uids = Array.from({ length: 20 }, randomUid)
    await admin.database.ref().update(Object.fromEntries(uids.map((uid) => [`profiles/${uid}/verifiedLevel`, 'orb'])))
    const players = await Promise.all(uids.map(signIn))
    const { dropId, drop } = await placeDrop()
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
    const inventories = await Promise.all(uids.map((uid) => readOnce(admin.database, `inventories/${uid}`)))
    expect(inventories.filter((inventory) => inventory !== null)).toEqual([
      {
        [dropId]: { kind: 'compass', rarity: 'legendary', dropId, lat: drop.lat, lng: drop.lng, collectedAt: expect.any(Number) },
      },
    ])
    expect(await readOnce(admin.database, `drops/${dropId}/collectedBy`)).toBe(winner)
    expect(await readOnce(admin.database, `profiles/${winner}/collected`)).toBe(1)
    // 20 sign-ins and the emulator starting a worker per concurrent call: slow on 2 cores.
  }, 120_000)

  test('default: verify with a simulated World ID proof → drops near you → collect one', async () => {
    const uid = randomUid()
    const player = await signIn(uid)
    const proof = await createSimulatedIdentity({ seed: `emulator-${uid}` }).prove({
      appId,
      action,
      signalHash: hashToField(uid),
      level: 'orb',
    })

    // Not verified yet: collecting is refused.
    const { dropId, drop } = await placeDrop()
    await expect(player.collectDrop({ dropId, lat: drop.lat, lng: drop.lng, accuracy: 5 })).rejects.toMatchObject({
      code: 'functions/permission-denied',
      details: { code: 'not_verified' },
    })

    expect((await player.verifyHuman({ ...proof, status: 'success' })).data).toEqual({ verifiedLevel: 'orb' })
    expect(await readOnce(admin.database, `profiles/${uid}`)).toMatchObject({
      walletAddress: uid,
      verifiedLevel: 'orb',
      collected: 0,
    })

    const here = { lat: 1.3521 + Math.random() / 10, lng: 103.8198 + Math.random() / 10 }
    // The drops below must all come from one spawn window: never start right before it ends.
    const left = SPAWN_WINDOW_MS - (Date.now() % SPAWN_WINDOW_MS)
    if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100))
    const { drops } = (await player.ensureDropsNear(here)).data
    expect(drops.length).toBeGreaterThanOrEqual(18)
    expect((await player.ensureDropsNear(here)).data.drops).toEqual(drops)

    const target = drops[0] as Drop
    const { data } = await player.collectDrop({ dropId: target.id, lat: target.lat, lng: target.lng, accuracy: 3 })
    expect(data).toMatchObject({ itemId: target.id, item: { dropId: target.id, kind: target.kind }, distance: 0 })
    expect((await player.ensureDropsNear(here)).data.drops).toEqual(drops.slice(1))
    expect(await readOnce(admin.database, `profiles/${uid}/collected`)).toBe(1)
  })

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
