import { hashToField } from '@worldmap/minikit'
import { keccak256, stringToBytes } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  externalNullifier,
  LEVELS,
  proofDigest,
  SIMULATED_PROOF_MARKER,
  SIMULATOR_ISSUER_PRIVATE_KEY,
  simulatedMerkleRoot,
} from './simulatedProof.js'

describe('simulatedProof', () => {
  test('default: constants', () => {
    expect(LEVELS).toEqual(['device', 'document', 'secure_document', 'orb'])
    expect(SIMULATOR_ISSUER_PRIVATE_KEY).toBe(keccak256(stringToBytes('worldmap simulator world id issuer')))
    expect(SIMULATED_PROOF_MARKER).toBe(BigInt(keccak256(stringToBytes('worldmap simulated proof v1'))))
  })

  test('behavior: the external nullifier binds app and action', () => {
    expect(externalNullifier('app_1', 'collect')).toBe(hashToField(`${hashToField('app_1')}:collect`))
    expect(externalNullifier('app_1', 'collect')).not.toBe(externalNullifier('app_2', 'collect'))
    expect(externalNullifier('app_1', 'collect')).not.toBe(externalNullifier('app_1', 'vote'))
  })

  test('behavior: one Merkle root per level', () => {
    const roots = new Set(LEVELS.map(simulatedMerkleRoot))
    expect(roots.size).toBe(LEVELS.length)
    for (const root of roots) expect(root).toMatch(/^0x00[0-9a-f]{62}$/)
  })

  test('behavior: the digest changes with every field', () => {
    const fields = {
      merkleRoot: simulatedMerkleRoot('orb'),
      nullifierHash: hashToField('n'),
      signalHash: hashToField('s'),
      externalNullifier: externalNullifier('app_1', 'collect'),
      level: 'orb',
    }
    const digest = proofDigest(fields)
    expect(digest).toMatch(/^0x[0-9a-f]{64}$/)
    expect(proofDigest({ ...fields })).toBe(digest)
    for (const [key, value] of Object.entries({
      merkleRoot: simulatedMerkleRoot('device'),
      nullifierHash: hashToField('m'),
      signalHash: hashToField('t'),
      externalNullifier: externalNullifier('app_1', 'vote'),
      level: 'device',
    })) {
      expect(proofDigest({ ...fields, [key]: value })).not.toBe(digest)
    }
  })
})
