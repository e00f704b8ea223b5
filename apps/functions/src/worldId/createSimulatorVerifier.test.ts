import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import { describe, expect, test } from 'vitest'
import { createSimulatorVerifier } from './createSimulatorVerifier.js'

const appId = 'app_staging_worldmap'
const action = 'verify-human'
const signal = '0x1234567890AbcdEF1234567890aBcdef12345678'
const identity = createSimulatedIdentity({ seed: 'alice' })
const proofFor = (overrides: { action?: string; signal?: string; level?: string } = {}) =>
  identity.prove({
    appId,
    action: overrides.action ?? action,
    signalHash: hashToField(overrides.signal ?? signal),
    level: overrides.level ?? 'orb',
  })

describe('createSimulatorVerifier', () => {
  test('default', async () => {
    const proof = await proofFor()
    const result = await createSimulatorVerifier()(proof, { appId, action, signal })
    expect(result).toEqual({ success: true, nullifier_hash: proof.nullifier_hash, verification_level: 'orb' })
  })

  test('parameters: device level', async () => {
    const proof = await proofFor({ level: 'device' })
    const result = await createSimulatorVerifier()(proof, { appId, action, signal })
    expect(result).toMatchObject({ success: true, verification_level: 'device' })
  })

  test('behavior: one person, one nullifier per action', async () => {
    const [a, b] = await Promise.all([proofFor(), proofFor({ signal: '0xother' })])
    expect(a.nullifier_hash).toBe(b.nullifier_hash)
  })

  test.each([
    { name: 'another action', request: { appId, action: 'other', signal } },
    { name: 'another signal', request: { appId, action, signal: '0xsomeoneelse' } },
    { name: 'another app', request: { appId: 'app_other', action, signal } },
  ])('error: rejects a proof checked against $name', async ({ request }) => {
    const result = await createSimulatorVerifier()(await proofFor(), request)
    expect(result.success).toBe(false)
  })

  test('error: rejects a tampered proof', async () => {
    const proof = await proofFor()
    const last = proof.proof.at(-1) === '0' ? '1' : '0'
    const tampered = { ...proof, proof: `${proof.proof.slice(0, -1)}${last}` as `0x${string}` }
    const result = await createSimulatorVerifier()(tampered, { appId, action, signal })
    expect(result).toMatchObject({ success: false })
    if (!result.success) expect(typeof result.code).toBe('string')
  })

  test('error: rejects a claimed level the proof was not made for', async () => {
    const proof = await proofFor({ level: 'device' })
    const result = await createSimulatorVerifier()({ ...proof, verification_level: 'orb' }, { appId, action, signal })
    expect(result.success).toBe(false)
  })
})
