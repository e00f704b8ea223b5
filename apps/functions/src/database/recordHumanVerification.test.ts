import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { InvalidProofPayloadError } from '../worldId/errors/InvalidProofPayloadError.js'
import { HumanAlreadyLinkedError } from './errors/HumanAlreadyLinkedError.js'
import { recordHumanVerification } from './recordHumanVerification.js'
import { startTestDatabase, type TestDatabase } from './testing/startTestDatabase.js'

const alice = '0x00000000000000000000000000000000000A11cE'
const bob = '0x0000000000000000000000000000000000000B0b'
const nullifierHash = `0x${'0a'.repeat(32)}`
const now = Date.UTC(2025, 0, 1, 12, 0)
const key = `0x${BigInt(nullifierHash).toString(16)}`

let db: TestDatabase
beforeEach(async () => {
  db = await startTestDatabase()
})
afterEach(() => db.close())

describe('recordHumanVerification', () => {
  test('default', async () => {
    expect(await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash, now })).toBe('orb')
    expect(await db.read(`profiles/${alice}`)).toEqual({
      walletAddress: alice,
      createdAt: now,
      collected: 0,
      verifiedLevel: 'orb',
    })
    expect(await db.read('nullifiers')).toEqual({ [key]: { uid: alice, linkedAt: now } })
  })

  test('behavior: keeps an existing profile and its fields', async () => {
    const profile = { walletAddress: alice, createdAt: 1, collected: 7, username: 'alice', lastSeenAt: 2 }
    await db.database.ref(`profiles/${alice}`).set(profile)
    await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'device', nullifierHash, now })
    expect(await db.read(`profiles/${alice}`)).toEqual({ ...profile, verifiedLevel: 'device' })
  })

  test('behavior: the same human verifying the same account again is fine and never lowers the level', async () => {
    await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash, now })
    expect(await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'device', nullifierHash, now: now + 1 })).toBe(
      'orb',
    )
    await db.database.ref(`profiles/${alice}/verifiedLevel`).set('device')
    expect(await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash, now: now + 2 })).toBe(
      'orb',
    )
    expect(await db.read('nullifiers')).toEqual({ [key]: { uid: alice, linkedAt: now } })
  })

  test('error: the same human cannot verify a second account', async () => {
    await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash, now })
    const attempt = recordHumanVerification(db.database, { uid: bob, verifiedLevel: 'orb', nullifierHash, now })
    await expect(attempt).rejects.toThrow(HumanAlreadyLinkedError)
    await expect(attempt).rejects.toMatchObject({ code: 'human_already_linked', callableCode: 'already-exists' })
    await expect(attempt).rejects.not.toThrow(alice)
    expect(await db.read(`profiles/${bob}`)).toBeNull()
  })

  test('error: another spelling of the same nullifier is the same human', async () => {
    await recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash: '0x00AB', now })
    await expect(
      recordHumanVerification(db.database, { uid: bob, verifiedLevel: 'orb', nullifierHash: '0xab', now }),
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
  })

  test.each(['ab', '0x', `0x${'1'.repeat(129)}`, '0xzz'])('error: malformed nullifier %j', async (bad) => {
    await expect(
      recordHumanVerification(db.database, { uid: alice, verifiedLevel: 'orb', nullifierHash: bad, now }),
    ).rejects.toThrow(InvalidProofPayloadError)
    expect(await db.read('nullifiers')).toBeNull()
  })
})
