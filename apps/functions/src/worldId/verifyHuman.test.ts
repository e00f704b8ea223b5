import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { GameError } from '../refusals/GameError.js'
import { UnauthenticatedError } from '../refusals/UnauthenticatedError.js'
import { createSimulatorVerifier } from './createSimulatorVerifier.js'
import { InvalidProofPayloadError } from './errors/InvalidProofPayloadError.js'
import { ProofRejectedError } from './errors/ProofRejectedError.js'
import type { ProofVerifier } from './ProofVerifier.js'
import { verifyHuman } from './verifyHuman.js'

const appId = 'app_staging_worldmap'
const action = 'verify-human'
const uid = '0x1234567890AbcdEF1234567890aBcdef12345678'
const deps = { verifier: createSimulatorVerifier(), appId, action }
const identity = createSimulatedIdentity({ seed: 'bob', level: 'orb' })

/** Well-formed (8 words, two field elements, a known level), and no proof of anyone. */
const wellFormed = {
  proof: `0x${'de'.repeat(256)}`,
  merkle_root: `0x${'02'.repeat(32)}`,
  nullifier_hash: `0x${'03'.repeat(32)}`,
  verification_level: 'orb',
}

describe('verifyHuman', () => {
  test('default', async () => {
    const proof = await identity.prove({ appId, action, signalHash: hashToField(uid), level: 'orb' })
    expect(await verifyHuman({ uid, proof: { ...proof, status: 'success' } }, deps)).toEqual({
      verifiedLevel: 'orb',
      nullifierHash: proof.nullifier_hash,
    })
  })

  test('parameters: passes app, action and uid as the signal to the verifier', async () => {
    const seen: unknown[] = []
    const verifier: ProofVerifier = async (proof, request) => {
      seen.push(request)
      return { success: true, nullifier_hash: proof.nullifier_hash, verification_level: 'document' }
    }
    const proof = { ...wellFormed, verification_level: 'document' }
    expect(await verifyHuman({ uid, proof }, { verifier, appId, action })).toEqual({
      verifiedLevel: 'document',
      nullifierHash: wellFormed.nullifier_hash,
    })
    expect(seen).toEqual([{ appId, action, signal: uid }])
  })

  test('error: a proof made for another account is rejected', async () => {
    const proof = await identity.prove({ appId, action, signalHash: hashToField('0xsomeoneelse'), level: 'orb' })
    const attempt = verifyHuman({ uid, proof }, deps)
    await expect(attempt).rejects.toThrow(ProofRejectedError)
    await expect(attempt).rejects.toMatchObject({ code: 'proof_rejected', callableCode: 'permission-denied' })
  })

  test('error: not signed in', async () => {
    await expect(verifyHuman({ uid: null, proof: {} }, deps)).rejects.toThrow(UnauthenticatedError)
  })

  test.each([
    { name: 'null', proof: null },
    { name: 'a short proof', proof: { ...wellFormed, proof: '0x01' } },
    { name: 'a root above the field order', proof: { ...wellFormed, merkle_root: `0x${'f'.repeat(64)}` } },
    { name: 'missing proof', proof: { merkle_root: '0x01', nullifier_hash: '0x02', verification_level: 'orb' } },
    { name: 'not hex', proof: { proof: 'abc', merkle_root: '0x01', nullifier_hash: '0x02', verification_level: 'orb' } },
    { name: 'unknown level', proof: { proof: '0x1', merkle_root: '0x01', nullifier_hash: '0x02', verification_level: 'face' } },
  ])('error: malformed payload ($name)', async ({ proof }) => {
    await expect(verifyHuman({ uid, proof }, deps)).rejects.toThrow(InvalidProofPayloadError)
  })

  test('error: message never contains the proof', async () => {
    const verifier: ProofVerifier = async () => ({ success: false, code: 'invalid_proof', detail: 'bad' })
    const proof = wellFormed
    await expect(verifyHuman({ uid, proof }, { verifier, appId, action })).rejects.toThrowErrorMatchingInlineSnapshot(`
      [ProofRejectedError: World ID proof was rejected.

      Reason: invalid_proof]
    `)
  })

  test('behavior: random payloads only ever throw typed errors', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (proof) => {
        await verifyHuman({ uid, proof }, deps).then(
          () => {},
          (error) => expect(error).toBeInstanceOf(GameError),
        )
      }),
      { numRuns: 100 },
    )
  })
})
