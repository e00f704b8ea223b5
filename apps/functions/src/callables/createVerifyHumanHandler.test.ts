import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, type Mock, test, vi } from 'vitest'
import { readGameConfig } from '../config/readGameConfig.js'
import { startTestDatabase, type TestDatabase } from '../database/testing/startTestDatabase.js'
import { UsernamesUnavailableError } from '../publicCard/errors/UsernamesUnavailableError.js'
import { publicIdOf } from '../publicCard/publicIdOf.js'
import { CROWD_LIMITS, type CrowdLimits } from '../spawning/crowdLimits.js'
import { createSimulatorVerifier } from '../worldId/createSimulatorVerifier.js'
import { VerifierUnavailableError } from '../worldId/errors/VerifierUnavailableError.js'
import { createVerifyHumanHandler } from './createVerifyHumanHandler.js'
import { callableRequest } from './testing/callableRequest.js'
import { rejectionOf } from './testing/rejectionOf.js'
import type { ErrorLogger } from './toHttpsError.js'

const appId = 'app_staging_worldmap'
const action = 'verify-human'
const now = Date.UTC(2025, 0, 1, 12, 0)
const alice = '0x00000000000000000000000000000000000A11cE'
const bob = '0x0000000000000000000000000000000000000B0b'
const publicIdSecret = 'public-id-secret-0123456789abcdef'
const human = createSimulatedIdentity({ seed: 'carol' })
const proofFor = (uid: string, level = 'orb') => human.prove({ appId, action, signalHash: hashToField(uid), level })

let db: TestDatabase
let log: Mock<ErrorLogger>
let handler: ReturnType<typeof createVerifyHumanHandler>
beforeAll(async () => {
  db = await startTestDatabase()
})
beforeEach(() => {
  log = vi.fn<ErrorLogger>()
  handler = createVerifyHumanHandler(
    () => ({ database: db.database, verifier: createSimulatorVerifier(), appId, action, publicIdSecret, now: () => now }),
    { log },
  )
})
afterEach(() => db.database.ref().set(null))
afterAll(() => db.close())

describe('createVerifyHumanHandler', () => {
  test('default', async () => {
    const proof = await proofFor(alice)
    expect(await handler(callableRequest(alice, { ...proof, status: 'success' }))).toEqual({ verifiedLevel: 'orb' })
    const publicId = publicIdOf(alice, publicIdSecret)
    expect(publicId).toMatch(/^p[0-9a-f]{24}$/)
    expect(await db.read(`profiles/${alice}`)).toEqual({ publicId, createdAt: now, verifiedLevel: 'orb' })
    expect(await db.read('publicProfiles')).toEqual({ [publicId]: { verified: true } })
    expect(await db.read('nullifiers')).toEqual({
      [`0x${BigInt(proof.nullifier_hash).toString(16)}`]: { uid: alice, linkedAt: now },
    })
  })

  test('behavior: a restart with a rotated drop seed keeps every public card id (issue 22, point 5)', async () => {
    // Wired as index.ts wires it: the public-id key from the configuration, never the drop seed.
    const handlerFor = (env: Record<string, string>) =>
      createVerifyHumanHandler(() => {
        const config = readGameConfig(env)
        return { database: db.database, verifier: createSimulatorVerifier(), appId, action, publicIdSecret: config.publicIdKey }
      })
    const env = { WORLDMAP_DROP_SEED: 'd'.repeat(32), WORLDMAP_PUBLIC_ID_KEY: 'k'.repeat(32), WORLDMAP_VERIFIER: 'simulator' }
    await handlerFor(env)(callableRequest(alice, await proofFor(alice)))
    const before = await db.read(`profiles/${alice}/publicId`)
    await handlerFor({ ...env, WORLDMAP_DROP_SEED: 'r'.repeat(32) })(callableRequest(alice, await proofFor(alice)))
    expect(await db.read(`profiles/${alice}/publicId`)).toBe(before)
    expect(Object.keys((await db.read('publicProfiles')) as object)).toEqual([before])
  })

  test('parameters: device level', async () => {
    expect(await handler(callableRequest(alice, await proofFor(alice, 'device')))).toEqual({ verifiedLevel: 'device' })
  })

  test('error: a tampered proof is rejected', async () => {
    const proof = await proofFor(alice)
    const last = proof.proof.at(-1) === '0' ? '1' : '0'
    const tampered = { ...proof, proof: `${proof.proof.slice(0, -1)}${last}` }
    expect(await rejectionOf(handler(callableRequest(alice, tampered)))).toMatchObject({
      code: 'permission-denied',
      details: { code: 'proof_rejected' },
    })
    // Only the call was counted (crowd limits); nothing about the player was written.
    expect(Object.keys((await db.read('/')) as object)).toEqual(['crowd'])
  })

  test('error: a proof made for another account is rejected', async () => {
    expect(await rejectionOf(handler(callableRequest(bob, await proofFor(alice))))).toMatchObject({
      code: 'permission-denied',
      details: { code: 'proof_rejected' },
    })
  })

  test('error: the same human cannot verify a second account', async () => {
    await handler(callableRequest(alice, await proofFor(alice)))
    expect(await rejectionOf(handler(callableRequest(bob, await proofFor(bob))))).toEqual({
      code: 'already-exists',
      status: 'ALREADY_EXISTS',
      message: 'This World ID already verified another account.',
      details: { code: 'human_already_linked' },
    })
    expect(await db.read(`profiles/${bob}`)).toBeNull()
  })

  test('behavior: verifying the same account again succeeds and keeps its public id', async () => {
    await handler(callableRequest(alice, await proofFor(alice)))
    const profile = await db.read(`profiles/${alice}`)
    expect(await handler(callableRequest(alice, await proofFor(alice, 'device')))).toEqual({ verifiedLevel: 'orb' })
    expect(await db.read(`profiles/${alice}`)).toEqual(profile)
  })

  test('behavior: uses the real clock by default', async () => {
    const realTime = createVerifyHumanHandler(() => ({
      database: db.database,
      verifier: createSimulatorVerifier(),
      appId,
      action,
      publicIdSecret,
    }))
    const before = Date.now()
    await realTime(callableRequest(alice, await proofFor(alice)))
    expect(await db.read(`profiles/${alice}/createdAt`)).toBeGreaterThanOrEqual(before)
  })

  test('error: not signed in', async () => {
    expect(await rejectionOf(handler(callableRequest(null, await proofFor(alice))))).toMatchObject({
      code: 'unauthenticated',
      details: { code: 'unauthenticated' },
    })
  })

  test.each([
    { name: 'no data', data: null },
    { name: 'not hex', data: { proof: 'zz', merkle_root: '0x1', nullifier_hash: '0x2', verification_level: 'orb' } },
  ])('error: bad data ($name) → invalid-argument', async ({ data }) => {
    expect(await rejectionOf(handler(callableRequest(alice, data)))).toMatchObject({
      code: 'invalid-argument',
      details: { code: 'invalid_proof_payload' },
    })
  })

  test('error: an unreachable verifier → unavailable', async () => {
    const down = createVerifyHumanHandler(
      () => ({
        database: db.database,
        verifier: async () => {
          throw new VerifierUnavailableError({ details: 'status 503' })
        },
        appId,
        action,
        publicIdSecret,
      }),
      { log },
    )
    expect(await rejectionOf(down(callableRequest(alice, await proofFor(alice))))).toMatchObject({
      code: 'unavailable',
      details: { code: 'verifier_unavailable' },
    })
    expect(log).not.toHaveBeenCalled()
  })

  test('error: an unexpected failure is internal and logged without the proof', async () => {
    const proof = await proofFor(alice)
    const broken = createVerifyHumanHandler(
      () => ({
        database: db.database,
        verifier: async () => {
          throw new TypeError('verifier crashed')
        },
        appId,
        action,
        publicIdSecret,
      }),
      { log },
    )
    expect(await rejectionOf(broken(callableRequest(alice, proof)))).toMatchObject({ code: 'internal' })
    expect(log).toHaveBeenCalledOnce()
    expect(JSON.stringify(log.mock.calls)).not.toContain(proof.proof)
  })

  test("behavior: the public card gets World's name and avatar for the caller's own wallet, not what the client says", async () => {
    const lookUp = vi.fn(async (_address: string) => ({ username: 'carol', profilePictureUrl: 'https://cdn.world.test/c.png' }))
    const named = createVerifyHumanHandler(
      () => ({
        database: db.database,
        verifier: createSimulatorVerifier(),
        appId,
        action,
        publicIdSecret,
        publicCard: { lookUp, avatarOrigins: ['https://cdn.world.test'] },
        now: () => now,
      }),
      { log },
    )
    const proof = await proofFor(alice)
    await named(callableRequest(alice, { ...proof, username: 'bob', profilePictureUrl: 'https://tracker.test/p.gif' }))
    expect(lookUp).toHaveBeenCalledExactlyOnceWith(alice)
    expect(await db.read(`publicProfiles/${publicIdOf(alice, publicIdSecret)}`)).toEqual({
      verified: true,
      username: 'carol',
      profilePictureUrl: 'https://cdn.world.test/c.png',
    })
  })

  test('behavior: a failed usernames lookup is logged and the verification still recorded', async () => {
    const failing = createVerifyHumanHandler(
      () => ({
        database: db.database,
        verifier: createSimulatorVerifier(),
        appId,
        action,
        publicIdSecret,
        publicCard: { lookUp: async () => Promise.reject(new UsernamesUnavailableError()), avatarOrigins: [] },
        now: () => now,
      }),
      { log },
    )
    expect(await failing(callableRequest(alice, await proofFor(alice)))).toEqual({ verifiedLevel: 'orb' })
    expect(log).toHaveBeenCalledExactlyOnceWith('verifyHuman could not write the public card', {
      errorName: 'UsernamesUnavailableError',
      errorCode: 'usernames_unavailable',
    })
    expect(await db.read(`publicProfiles/${publicIdOf(alice, publicIdSecret)}`)).toEqual({ verified: true })
  })

  const limitedHandler = (verifier = createSimulatorVerifier(), crowdLimits: CrowdLimits = CROWD_LIMITS) =>
    createVerifyHumanHandler(() => ({
      database: db.database,
      verifier,
      appId,
      action,
      publicIdSecret,
      now: () => now,
      crowdLimits,
    }))
  /** A well-formed proof the verifier rejects: Carol's, made for Bob, sent by someone else. */
  const junkFor = async () => proofFor(bob)

  test('error: the sixth call of an account in a window is refused before the verifier is asked (verify_rate_limited)', async () => {
    const verify = vi.fn(createSimulatorVerifier())
    const limited = limitedHandler(verify)
    const junk = await junkFor()
    for (let call = 0; call < 5; call++)
      expect(await rejectionOf(limited(callableRequest(alice, junk)))).toMatchObject({ details: { code: 'proof_rejected' } })
    expect(verify).toHaveBeenCalledTimes(5)
    verify.mockClear()
    expect(await rejectionOf(limited(callableRequest(alice, junk)))).toMatchObject({
      code: 'resource-exhausted',
      details: { code: 'verify_rate_limited', retryAfterMs: expect.any(Number) },
    })
    expect(verify).not.toHaveBeenCalled()
  })

  test('behavior: a repeat of a verification that happened is answered from the database, never asked or counted', async () => {
    const verify = vi.fn(createSimulatorVerifier())
    const limited = limitedHandler(verify)
    const proof = await proofFor(alice)
    for (let call = 0; call < 10; call++) expect(await limited(callableRequest(alice, proof))).toEqual({ verifiedLevel: 'orb' })
    expect(verify).toHaveBeenCalledTimes(1)
    expect(await db.read(`crowd/${Math.floor(now / CROWD_LIMITS.windowMs)}/verify/accounts/${alice}`)).toEqual({
      window: Math.floor(now / CROWD_LIMITS.windowMs),
      n: 1,
    })
    // A higher level than recorded is new: it goes to the verifier.
    await db.database.ref(`profiles/${alice}/verifiedLevel`).set('device')
    expect(await limited(callableRequest(alice, proof))).toEqual({ verifiedLevel: 'orb' })
    expect(verify).toHaveBeenCalledTimes(2)
  })

  test('error: a proof whose human is linked to another account is refused before it is counted or asked (human_already_linked)', async () => {
    await handler(callableRequest(alice, await proofFor(alice)))
    const verify = vi.fn(createSimulatorVerifier())
    const limited = limitedHandler(verify)
    const replayed = await proofFor(bob)
    for (let call = 0; call < 8; call++)
      expect(await rejectionOf(limited(callableRequest(bob, replayed)))).toMatchObject({
        code: 'already-exists',
        details: { code: 'human_already_linked' },
      })
    expect(verify).not.toHaveBeenCalled()
    expect(await db.read(`crowd/${Math.floor(now / CROWD_LIMITS.windowMs)}/verify/accounts/${bob}`)).toBeNull()
  })

  test('error: a malformed proof is refused before anything is counted (invalid_proof_payload), however often', async () => {
    const verify = vi.fn(createSimulatorVerifier())
    const limited = limitedHandler(verify)
    const proof = await proofFor(alice)
    for (const malformed of [{ ...proof, proof: '0x1' }, { ...proof, merkle_root: `0x${'f'.repeat(64)}` }, {}, null])
      for (let call = 0; call < 5; call++)
        expect(await rejectionOf(limited(callableRequest(alice, malformed)))).toMatchObject({
          details: { code: 'invalid_proof_payload' },
        })
    expect(verify).not.toHaveBeenCalled()
    expect(await db.read('crowd')).toBeNull()
    expect(await limited(callableRequest(alice, proof))).toEqual({ verifiedLevel: 'orb' })
  })

  test('error: stockpiled sessions sending junk spend the open lane; a newcomer’s first valid proof still verifies', async () => {
    const limited = limitedHandler(createSimulatorVerifier(), { ...CROWD_LIMITS, verifyFreshTotal: 2, verifyOpenTotal: 3 })
    const junk = await junkFor()
    const stockpiled = now - 6 * 3_600_000
    const crowd = Array.from({ length: 6 }, (_, n) => `0x${(n + 1).toString(16).padStart(40, 'c')}`)
    const codes = []
    for (const wallet of crowd)
      codes.push(
        ((await rejectionOf(limited(callableRequest(wallet, junk, { signedInAt: stockpiled })))) as { details: { code: string } })
          .details.code,
      )
    expect(codes).toEqual([
      'proof_rejected',
      'proof_rejected',
      'proof_rejected',
      'verify_rate_limited',
      'verify_rate_limited',
      'verify_rate_limited',
    ])
    const dave = '0x000000000000000000000000000000000000Da7e'
    const daveProof = await createSimulatedIdentity({ seed: 'dave' }).prove({
      appId,
      action,
      signalHash: hashToField(dave),
      level: 'orb',
    })
    expect(await limited(callableRequest(dave, daveProof, { signedInAt: now - 60_000 }))).toEqual({ verifiedLevel: 'orb' })
  })
})
