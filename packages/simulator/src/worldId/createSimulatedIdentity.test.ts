import { hashToField } from '@worldmap/minikit'
import { decodeAbiParameters, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { createSimulatedIdentity } from './createSimulatedIdentity.js'
import { LEVELS, SIMULATED_PROOF_MARKER, simulatedMerkleRoot } from './simulatedProof.js'
import { verifySimulatedProof } from './verifySimulatedProof.js'

const appId = 'app_staging_worldmap_test'
const signalHash = hashToField('0x2cFc85d8E48F8EAB294be644d9E25C3030863003')
const request = (action = 'collect', level = 'orb', app = appId) => ({ appId: app, action, signalHash, level })

describe('createSimulatedIdentity', () => {
  test('default: an Orb-verified person', async () => {
    const identity = createSimulatedIdentity()
    expect(identity.level).toBe('orb')
    const proof = await identity.prove(request())
    expect(proof).toEqual({
      proof: expect.stringMatching(/^0x[0-9a-f]{512}$/),
      merkle_root: simulatedMerkleRoot('orb'),
      nullifier_hash: expect.stringMatching(/^0x00[0-9a-f]{62}$/),
      verification_level: 'orb',
    })
    const [words] = decodeAbiParameters([{ type: 'uint256[8]' }], proof.proof as Hex)
    expect(words[3]).toBe(SIMULATED_PROOF_MARKER)
    expect(words.slice(4)).toEqual([0n, 0n, 0n, 0n])
    expect(await verifySimulatedProof(proof, { appId, action: 'collect', signalHash })).toMatchObject({ success: true })
  })

  test.each([
    ['orb', ['device', 'document', 'secure_document', 'orb']],
    ['secure_document', ['device', 'document', 'secure_document']],
    ['document', ['device', 'document']],
    ['device', ['device']],
  ] as const)('parameters: a %s credential satisfies %j', (level, satisfied) => {
    const identity = createSimulatedIdentity({ level })
    expect(LEVELS.filter((requested) => identity.satisfies(requested))).toEqual(satisfied)
    expect(identity.satisfies('face')).toBe(false)
    expect(identity.satisfies('')).toBe(false)
  })

  test('behavior: the proof carries the level asked for, not the strongest held', async () => {
    const proof = await createSimulatedIdentity().prove(request('collect', 'device'))
    expect(proof.verification_level).toBe('device')
    expect(proof.merkle_root).toBe(simulatedMerkleRoot('device'))
  })

  test('behavior: one seed, one action → one nullifier; otherwise another', async () => {
    const alice = createSimulatedIdentity({ seed: 'alice' })
    const again = createSimulatedIdentity({ seed: 'alice' })
    const bob = createSimulatedIdentity({ seed: 'bob' })
    const nullifier = async (identity: typeof alice, action?: string, level?: string, app?: string) =>
      (await identity.prove(request(action, level, app))).nullifier_hash
    const first = await nullifier(alice)
    expect(await nullifier(alice)).toBe(first)
    expect(await nullifier(again)).toBe(first)
    // The nullifier is per person and action, whatever the credential or signal.
    expect(await nullifier(alice, 'collect', 'device')).toBe(first)
    expect(await nullifier(bob)).not.toBe(first)
    expect(await nullifier(alice, 'vote')).not.toBe(first)
    expect(await nullifier(alice, 'collect', 'orb', 'app_staging_other')).not.toBe(first)
    expect(await nullifier(createSimulatedIdentity())).toBe(await nullifier(createSimulatedIdentity({ seed: 'default' })))
  })
})
