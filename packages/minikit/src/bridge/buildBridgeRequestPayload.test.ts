import { describe, expect, test } from 'vitest'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import type { VerificationLevel } from '../protocol/verificationLevels.js'
import { buildBridgeRequestPayload } from './buildBridgeRequestPayload.js'

const EMPTY_SIGNAL = '0x00c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a4'

describe('buildBridgeRequestPayload', () => {
  test('default', () => {
    const payload = buildBridgeRequestPayload({ app_id: 'app_123', action: 'vote' })
    expect(JSON.stringify(payload)).toBe(
      `{"app_id":"app_123","action":"vote","signal":"${EMPTY_SIGNAL}","credential_types":["orb"],"verification_level":"orb"}`,
    )
  })

  test('parameters: every field, keys in wire order', () => {
    const payload = buildBridgeRequestPayload({
      app_id: 'app_123',
      action: { types: ['uint256', 'string'], values: [1, 'a'] },
      action_description: 'Vote once',
      signal: 'test_signal',
      verification_level: 'document',
    })
    expect(Object.keys(payload)).toEqual([
      'app_id',
      'action_description',
      'action',
      'signal',
      'credential_types',
      'verification_level',
    ])
    expect(payload).toEqual({
      app_id: 'app_123',
      action_description: 'Vote once',
      action: 'uint256(1),string(a)',
      signal: '0x00c1636e0a961a3045054c4d61374422c31a95846b8442f0927ad2ff1d6112ed',
      credential_types: ['document', 'secure_document', 'orb'],
      verification_level: 'document',
    })
  })

  test.each<[VerificationLevel, string[]]>([
    ['orb', ['orb']],
    ['secure_document', ['secure_document', 'orb']],
    ['document', ['document', 'secure_document', 'orb']],
    ['device', ['orb', 'device']],
  ])('parameters: verification_level %s', (level, types) => {
    expect(buildBridgeRequestPayload({ app_id: 'app_1', action: '', verification_level: level }).credential_types).toEqual(types)
  })

  test('error: unknown verification level', () => {
    expect(() =>
      buildBridgeRequestPayload({ app_id: 'app_1', action: 'a', verification_level: 'face' as VerificationLevel }),
    ).toThrowError(new InvalidPayloadError('Unknown verification level: face', { command: 'verify' }))
  })

  test('error: ABI types and values of different lengths', () => {
    expect(() => buildBridgeRequestPayload({ app_id: 'app_1', action: { types: ['uint256'], values: [] } })).toThrowError(
      'Types and values arrays must have the same length.',
    )
  })
})
