// @vitest-environment node
// The verifier runs on servers (Cloud Functions, the app server): no window.
import { hashToField } from '@worldmap/minikit'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { createSimulatedIdentity } from './createSimulatedIdentity.js'
import { SIMULATOR_ISSUER_PRIVATE_KEY, simulatedMerkleRoot } from './simulatedProof.js'
import { SIMULATOR_ISSUER_ADDRESS, verifySimulatedProof } from './verifySimulatedProof.js'

const appId = 'app_staging_worldmap_test'
const action = 'collect-drops'
const signal = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const request = { appId, action, signal }
const identity = createSimulatedIdentity({ seed: 'alice' })
const prove = (level = 'orb', signalHash = hashToField(signal)) => identity.prove({ appId, action, signalHash, level })

/** Flip the lowest bit of byte `index` (0-based, after 0x). */
const flipByte = (hex: string, index: number) => {
  const at = 2 + index * 2
  const byte = Number.parseInt(hex.slice(at, at + 2), 16) ^ 1
  return `${hex.slice(0, at)}${byte.toString(16).padStart(2, '0')}${hex.slice(at + 2)}`
}

describe('verifySimulatedProof', () => {
  test('default: accepts a proof for its app, action and signal', async () => {
    const proof = await prove()
    expect(await verifySimulatedProof(proof, request)).toEqual({
      success: true,
      nullifier_hash: proof.nullifier_hash,
      verification_level: 'orb',
      action,
    })
  })

  test('default: the issuer is the simulator’s dev issuer', () => {
    expect(SIMULATOR_ISSUER_ADDRESS).toBe(privateKeyToAccount(SIMULATOR_ISSUER_PRIVATE_KEY).address)
  })

  test('parameters: signalHash instead of the raw signal', async () => {
    const proof = await prove()
    expect(await verifySimulatedProof(proof, { appId, action, signalHash: hashToField(signal) })).toMatchObject({ success: true })
  })

  test('parameters: no signal is the empty signal', async () => {
    const proof = await prove('device', hashToField(''))
    expect(await verifySimulatedProof(proof, { appId, action })).toMatchObject({ success: true, verification_level: 'device' })
  })

  test.each(['device', 'document', 'secure_document', 'orb'])('parameters: level %s', async (level) => {
    const proof = await prove(level)
    expect(await verifySimulatedProof(proof, request)).toMatchObject({ success: true, verification_level: level })
  })

  test('parameters: another issuer', async () => {
    const key = generatePrivateKey()
    const other = createSimulatedIdentity({ seed: 'alice', issuerPrivateKey: key })
    const proof = await other.prove({ appId, action, signalHash: hashToField(signal), level: 'orb' })
    expect(await verifySimulatedProof(proof, request, privateKeyToAccount(key).address)).toMatchObject({ success: true })
    expect(await verifySimulatedProof(proof, request)).toMatchObject({ success: false, code: 'invalid_proof' })
    expect(await verifySimulatedProof(await prove(), request, privateKeyToAccount(key).address)).toMatchObject({
      success: false,
      code: 'invalid_proof',
    })
  })

  test('error: replayed for another action, signal or app', async () => {
    const proof = await prove()
    const invalid = {
      success: false,
      code: 'invalid_proof',
      detail: 'The proof does not match this app, action, signal and nullifier',
    }
    expect(await verifySimulatedProof(proof, { ...request, action: 'vote' })).toEqual(invalid)
    expect(await verifySimulatedProof(proof, { ...request, signal: 'someone else' })).toEqual(invalid)
    expect(await verifySimulatedProof(proof, { ...request, appId: 'app_staging_other' })).toEqual(invalid)
  })

  test('error: a changed nullifier hash', async () => {
    const proof = await prove()
    const other = await createSimulatedIdentity({ seed: 'bob' }).prove({
      appId,
      action,
      signalHash: hashToField(signal),
      level: 'orb',
    })
    expect(await verifySimulatedProof({ ...proof, nullifier_hash: other.nullifier_hash }, request)).toMatchObject({
      success: false,
      code: 'invalid_proof',
    })
  })

  test('error: a Merkle root that is not the simulated set’s', async () => {
    const proof = await prove()
    expect(await verifySimulatedProof({ ...proof, merkle_root: simulatedMerkleRoot('device') }, request)).toEqual({
      success: false,
      code: 'invalid_merkle_root',
      detail: 'The Merkle root is not a simulated identity set root',
    })
  })

  test('error: an unknown level', async () => {
    const proof = await prove()
    expect(await verifySimulatedProof({ ...proof, verification_level: 'face' }, request)).toEqual({
      success: false,
      code: 'invalid_level',
      detail: 'Unknown verification level face',
    })
  })

  test('error: a device proof passed off as Orb (root changed to match)', async () => {
    const proof = await prove('device')
    const claimed = { ...proof, verification_level: 'orb', merkle_root: simulatedMerkleRoot('orb') }
    expect(await verifySimulatedProof(claimed, request)).toMatchObject({ success: false, code: 'invalid_proof' })
  })

  test('error: every single-byte change to the proof is rejected', async () => {
    const proof = await prove()
    expect(proof.proof).toMatch(/^0x[0-9a-f]{512}$/)
    const codes: string[] = []
    for (let index = 0; index < 256; index++) {
      const result = await verifySimulatedProof({ ...proof, proof: flipByte(proof.proof, index) }, request)
      codes.push(result.success ? 'accepted' : result.code)
    }
    expect(codes).not.toContain('accepted')
    // r and s: a signature by nobody; v and the marker: not a simulated proof; the padding must stay zero.
    const word = (n: number) => new Set(codes.slice(n * 32, n * 32 + 32))
    expect(word(0)).toEqual(new Set(['invalid_proof']))
    expect(word(1)).toEqual(new Set(['invalid_proof']))
    expect(codes.slice(64, 95)).toEqual(Array(31).fill('malformed_proof'))
    expect(codes[95]).toBe('invalid_proof')
    for (const n of [3, 4, 5, 6, 7]) expect(word(n)).toEqual(new Set(['malformed_proof']))
  })

  test('error: a proof that is not a uint256[8]', async () => {
    const proof = await prove()
    const malformed = { success: false, code: 'malformed_proof', detail: 'The proof is not a uint256[8]' }
    expect(await verifySimulatedProof({ ...proof, proof: 'not hex' }, request)).toEqual(malformed)
    expect(await verifySimulatedProof({ ...proof, proof: proof.proof.slice(0, -2) }, request)).toEqual(malformed)
    expect(await verifySimulatedProof({ ...proof, proof: `${proof.proof}00` }, request)).toEqual(malformed)
    expect(await verifySimulatedProof({ ...proof, proof: proof.proof.slice(0, 66) }, request)).toEqual(malformed)
  })

  test('error: a real (non-simulated) proof shape', async () => {
    const proof = await prove()
    const zeros = `0x${'00'.repeat(256)}`
    expect(await verifySimulatedProof({ ...proof, proof: zeros }, request)).toEqual({
      success: false,
      code: 'malformed_proof',
      detail: 'Not a simulated World ID proof',
    })
  })

  test('error: a nullifier hash in another spelling cannot pass as a new person', async () => {
    const proof = await prove()
    const spellings = [
      proof.nullifier_hash.toUpperCase().replace('0X', '0x'),
      proof.nullifier_hash.replace(/^0x0+/, '0x'),
      `0x00${proof.nullifier_hash.slice(2)}`,
      `${proof.nullifier_hash} `,
    ]
    for (const nullifier_hash of spellings) {
      expect(await verifySimulatedProof({ ...proof, nullifier_hash }, request)).toEqual({
        success: false,
        code: 'malformed_proof',
        detail: 'The nullifier hash is not a field element in canonical form (0x + 64 lowercase hex digits)',
      })
    }
  })

  test('error: garbage fields are rejected, never thrown', async () => {
    const proof = await prove()
    await expect(verifySimulatedProof({ ...proof, nullifier_hash: 'garbage' }, request)).resolves.toMatchObject({
      success: false,
      code: 'malformed_proof',
    })
    await expect(verifySimulatedProof({ ...proof, nullifier_hash: 12 as unknown as string }, request)).resolves.toMatchObject({
      success: false,
      code: 'malformed_proof',
    })
    await expect(verifySimulatedProof(proof, { appId, action, signalHash: 'garbage' as `0x${string}` })).resolves.toMatchObject({
      success: false,
      code: 'invalid_proof',
    })
  })
})
