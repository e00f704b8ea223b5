import { describe, expect, test } from 'vitest'
import { BridgeResponseError } from '../errors/bridge/BridgeResponseError.js'
import { parseBridgeResult } from './parseBridgeResult.js'

const PROOF = { proof: '0xproof', merkle_root: '0xroot', nullifier_hash: '0xnullifier' }

describe('parseBridgeResult', () => {
  test('default', () => {
    expect(parseBridgeResult(JSON.stringify({ ...PROOF, verification_level: 'orb' }), 'orb')).toEqual({
      status: 'confirmed',
      result: { ...PROOF, verification_level: 'orb' },
    })
  })

  test('behavior: a legacy credential_type gets its verification_level and is kept', () => {
    expect(parseBridgeResult(JSON.stringify({ ...PROOF, credential_type: 'device' }), 'device')).toEqual({
      status: 'confirmed',
      result: { ...PROOF, credential_type: 'device', verification_level: 'device' },
    })
  })

  test('behavior: extra fields from newer wallets are kept', () => {
    const outcome = parseBridgeResult(JSON.stringify({ ...PROOF, verification_level: 'orb', version: 2 }), 'orb')
    expect(outcome).toEqual({ status: 'confirmed', result: { ...PROOF, verification_level: 'orb', version: 2 } })
  })

  test.each(['verification_rejected', 'max_verifications_reached', 'a_code_from_a_newer_wallet'])(
    'behavior: error_code %s is passed through',
    (code) => {
      expect(parseBridgeResult(JSON.stringify({ error_code: code }), 'orb')).toEqual({
        status: 'failed',
        errorCode: code,
        error: null,
      })
    },
  )

  test('behavior: error_code wins over a proof', () => {
    expect(
      parseBridgeResult(JSON.stringify({ ...PROOF, verification_level: 'orb', error_code: 'generic_error' }), 'orb'),
    ).toEqual({
      status: 'failed',
      errorCode: 'generic_error',
      error: null,
    })
  })

  test.each<[string, string, string]>([
    ['orb', 'device', 'device'],
    ['secure_document', 'document', 'document'],
  ])('error: requested %s, received %s → credential_unavailable', (requested, received) => {
    const outcome = parseBridgeResult(JSON.stringify({ ...PROOF, verification_level: received }), requested as 'orb')
    expect(outcome.status).toBe('failed')
    if (outcome.status !== 'failed') return
    expect(outcome.errorCode).toBe('credential_unavailable')
    expect(outcome.error).toBeInstanceOf(BridgeResponseError)
    expect(outcome.error?.shortMessage).toBe('Credential type received from wallet does not match configured credential_types.')
  })

  test('parameters: a stronger credential satisfies a weaker level', () => {
    expect(parseBridgeResult(JSON.stringify({ ...PROOF, verification_level: 'orb' }), 'device').status).toBe('confirmed')
    expect(parseBridgeResult(JSON.stringify({ ...PROOF, verification_level: 'secure_document' }), 'document').status).toBe(
      'confirmed',
    )
  })

  test.each<[string, string, string]>([
    ['not JSON', '{', 'The wallet response is not JSON.'],
    ['null', 'null', 'The wallet response has an unexpected shape.'],
    ['an array', '[]', 'The wallet response has an unexpected shape.'],
    ['a proof without a level', JSON.stringify(PROOF), 'The wallet response has an unexpected shape.'],
    [
      'an unknown level',
      JSON.stringify({ ...PROOF, verification_level: 'face' }),
      'The wallet response has an unexpected shape.',
    ],
    ['a numeric error_code', JSON.stringify({ error_code: 5 }), 'The wallet response has an unexpected shape.'],
  ])('error: %s → unexpected_response', (_name, text, message) => {
    const outcome = parseBridgeResult(text, 'orb')
    expect(outcome.status).toBe('failed')
    if (outcome.status !== 'failed') return
    expect(outcome.errorCode).toBe('unexpected_response')
    expect(outcome.error).toBeInstanceOf(BridgeResponseError)
    expect(outcome.error?.shortMessage).toBe(message)
  })
})
