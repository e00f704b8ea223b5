import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createVerifyHumanHandler } from '../callables/createVerifyHumanHandler.js'
import { callableRequest } from '../callables/testing/callableRequest.js'
import { publicIdOf } from '../publicCard/publicIdOf.js'
import { createSimulatorVerifier } from '../worldId/createSimulatorVerifier.js'
import { InvalidProofPayloadError } from '../worldId/errors/InvalidProofPayloadError.js'
import { HumanAlreadyLinkedError } from './errors/HumanAlreadyLinkedError.js'
import { readVerifiedLevel } from './readVerifiedLevel.js'
import { recordHumanVerification } from './recordHumanVerification.js'
import { type ShardedDatabases, startShardedDatabases } from './testing/startShardedDatabases.js'
import { startTestDatabase, type TestDatabase } from './testing/startTestDatabase.js'

const alice = '0x00000000000000000000000000000000000A11cE'
const bob = '0x0000000000000000000000000000000000000B0b'
const nullifierHash = `0x${'0a'.repeat(32)}`
const now = Date.UTC(2025, 0, 1, 12, 0)
const key = `0x${BigInt(nullifierHash).toString(16)}`
const secret = 'public-id-secret'
const publicId = publicIdOf(alice, secret)
const bobPublicId = publicIdOf(bob, secret)

let db: TestDatabase
beforeAll(async () => {
  db = await startTestDatabase()
})
afterEach(() => db.database.ref().set(null))
afterAll(() => db.close())

describe('recordHumanVerification', () => {
  test('default', async () => {
    expect(await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash, now, publicId })).toBe(
      'orb',
    )
    expect(await db.read(`profiles/${alice}`)).toEqual({ publicId, createdAt: now, verifiedLevel: 'orb' })
    expect(await db.read('publicProfiles')).toEqual({ [publicId]: { verified: true } })
    expect(await db.read('nullifiers')).toEqual({ [key]: { uid: alice, linkedAt: now } })
  })

  test('behavior: nothing public names the wallet', async () => {
    await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash, now, publicId })
    expect(JSON.stringify(await db.read('publicProfiles')).toLowerCase()).not.toContain(alice.toLowerCase())
  })

  test('behavior: keeps an existing profile and its fields', async () => {
    const profile = { createdAt: 1, stats: { collected: 7, counted: { x: 1 } }, username: 'alice', lastSeenAt: 2 }
    await db.database.ref(`profiles/${alice}`).set(profile)
    await db.database.ref(`publicProfiles/${publicId}`).set({ username: 'alice', profilePictureUrl: 'https://x.test/a.png' })
    await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'device', nullifierHash, now, publicId })
    expect(await db.read(`profiles/${alice}`)).toEqual({ ...profile, publicId, verifiedLevel: 'device' })
    expect(await db.read(`publicProfiles/${publicId}`)).toEqual({
      username: 'alice',
      profilePictureUrl: 'https://x.test/a.png',
      verified: true,
    })
  })

  test('behavior: the same human verifying the same account again is fine and never lowers the level', async () => {
    await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash, now, publicId })
    expect(
      await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'device', nullifierHash, now: now + 1, publicId }),
    ).toBe('orb')
    await db.database.ref(`profiles/${alice}/verifiedLevel`).set('device')
    expect(
      await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash, now: now + 2, publicId }),
    ).toBe('orb')
    expect(await db.read('nullifiers')).toEqual({ [key]: { uid: alice, linkedAt: now } })
  })

  test('error: the same human cannot verify a second account', async () => {
    await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash, now, publicId })
    const attempt = recordHumanVerification(db.database, {
      uid: bob,
      verifiedLevel: 'orb',
      nullifierHash,
      now,
      publicId: bobPublicId,
    })
    await expect(attempt).rejects.toThrow(HumanAlreadyLinkedError)
    await expect(attempt).rejects.toMatchObject({ code: 'human_already_linked', callableCode: 'already-exists' })
    await expect(attempt).rejects.not.toThrow(alice)
    expect(await db.read(`profiles/${bob}`)).toBeNull()
    expect(await db.read(`publicProfiles/${bobPublicId}`)).toBeNull()
  })

  test('error: another spelling of the same nullifier is the same human', async () => {
    await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash: '0x00AB', now, publicId })
    await expect(
      recordHumanVerification(db.database, { uid: bob, verifiedLevel: 'orb', nullifierHash: '0xab', now, publicId: bobPublicId }),
    ).rejects.toThrow(HumanAlreadyLinkedError)
  })

  test('behavior: two accounts racing with one human → exactly one is verified', async () => {
    const instances = [db.database, db.openInstance()]
    const settled = await Promise.allSettled(
      [alice, bob, alice, bob].map((uid, index) =>
        recordHumanVerification(instances[index % 2] as NonNullable<(typeof instances)[number]>, {
          uid,
          verifiedLevel: 'orb',
          nullifierHash,
          now,
          publicId: publicIdOf(uid, secret),
        }),
      ),
    )
    const owner = (await db.read<{ uid: string }>(`nullifiers/${key}`))?.uid
    expect([alice, bob]).toContain(owner)
    const other = owner === alice ? bob : alice
    expect(settled.map((outcome) => outcome.status)).toEqual(
      [alice, bob, alice, bob].map((uid) => (uid === owner ? 'fulfilled' : 'rejected')),
    )
    expect(await db.read(`profiles/${other}`)).toBeNull()
    expect(Object.keys((await db.read('publicProfiles')) ?? {})).toEqual([publicIdOf(owner as string, secret)])
  })

  test.each(['ab', '0x', `0x${'1'.repeat(129)}`, '0xzz'])('error: malformed nullifier %j', async (bad) => {
    await expect(
      recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash: bad, now, publicId }),
    ).rejects.toThrow(InvalidProofPayloadError)
    expect(await db.read('/')).toBeNull()
  })
})

describe('recordHumanVerification across instances', () => {
  const appId = 'app_staging_worldmap'
  const action = 'verify-human'
  let sharded: ShardedDatabases
  beforeAll(async () => {
    sharded = await startShardedDatabases()
  })
  afterEach(() => sharded.clear())
  afterAll(() => sharded.close())

  test.each(['linked', 'published'] as const)(
    'behavior: a crash after "%s" leaves no level on the profile, so the retried proof is verified and recorded, each step on its instance',
    async (step) => {
      const { databases } = sharded
      const proof = await createSimulatedIdentity({ seed: 'crash' }).prove({
        appId,
        action,
        signalHash: hashToField(alice),
        level: 'orb',
      })
      const crash = new Error(`crashed after ${step}`)
      await expect(
        recordHumanVerification(
          databases,
          { uid: alice, verifiedLevel: 'orb', nullifierHash: proof.nullifier_hash, now, publicId },
          {
            afterStep: (reached) => {
              if (reached === step) throw crash
            },
          },
        ),
      ).rejects.toBe(crash)
      // The level is the last step: without it, a replay is not answered from the database.
      expect(await readVerifiedLevel(databases.ofPlayer(alice), alice)).toBeNull()

      const handler = createVerifyHumanHandler(() => ({
        database: databases,
        verifier: createSimulatorVerifier(),
        appId,
        action,
        publicIdSecret: secret,
        now: () => now,
      }))
      expect(await handler(callableRequest(alice, { ...proof, status: 'success' }))).toEqual({ verifiedLevel: 'orb' })
      const player = sharded.players[0] as TestDatabase
      expect(await player.read(`profiles/${alice}`)).toEqual({ publicId, createdAt: now, verifiedLevel: 'orb' })
      expect(await sharded.main.read(`publicProfiles/${publicId}/verified`)).toBe(true)
      expect(await sharded.main.read('nullifiers')).toEqual({
        [`0x${BigInt(proof.nullifier_hash).toString(16)}`]: { uid: alice, linkedAt: now },
      })
      // Nothing of the player on main, nothing global on the player's instance.
      expect(await sharded.main.read('profiles')).toBeNull()
      expect(Object.keys(((await player.database.ref().once('value')).val() as object | null) ?? {})).toEqual(['profiles'])
      // Asked again: answered from the database, nothing written twice.
      expect(await handler(callableRequest(alice, { ...proof, status: 'success' }))).toEqual({ verifiedLevel: 'orb' })
    },
    30_000,
  )
})
