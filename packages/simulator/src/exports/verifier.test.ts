// @vitest-environment node
// Servers import the verifier: it must load and work with no window, no DOM.
import { hashToField } from '@worldmap/minikit'
import { afterEach, expect, test, vi } from 'vitest'

afterEach(() => {
  vi.resetModules()
})

test('default: the verifier subpath imports and verifies in Node', async () => {
  expect(typeof window).toBe('undefined')
  expect(typeof document).toBe('undefined')
  const verifier = await import('./verifier.js')
  const { createSimulatedIdentity } = await import('../worldId/createSimulatedIdentity.js')
  const appId = 'app_staging_worldmap_test'
  const proof = await createSimulatedIdentity().prove({ appId, action: 'collect', signalHash: hashToField('uid'), level: 'orb' })
  expect(await verifier.verifySimulatedProof(proof, { appId, action: 'collect', signal: 'uid' })).toEqual({
    success: true,
    nullifier_hash: proof.nullifier_hash,
    verification_level: 'orb',
    action: 'collect',
  })
  expect(verifier.LEVELS).toEqual(['device', 'document', 'secure_document', 'orb'])
  expect(verifier.simulatedMerkleRoot('orb')).toBe(proof.merkle_root)
  expect(verifier.externalNullifier(appId, 'collect')).toMatch(/^0x00[0-9a-f]{62}$/)
  expect(verifier.SIMULATOR_ISSUER_ADDRESS).toMatch(/^0x[0-9a-fA-F]{40}$/)
})

test('behavior: importing touches neither fetch nor crypto', async () => {
  vi.stubGlobal('fetch', undefined)
  vi.stubGlobal('crypto', undefined)
  try {
    const verifier = await import('./verifier.js')
    expect(typeof verifier.verifySimulatedProof).toBe('function')
  } finally {
    vi.unstubAllGlobals()
  }
})
