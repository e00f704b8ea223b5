import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { anyInput } from '../../test/property.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import {
  assertCredentialType,
  CREDENTIAL_TYPES_BY_LEVEL,
  CredentialType,
  DEFAULT_VERIFICATION_LEVEL,
  verificationLevelToCredentialTypes,
} from './verificationLevels.js'

const shortMessageOf = (run: () => unknown): string | undefined => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPayloadError)
    expect(error).toMatchObject({ command: 'verify' })
    return (error as InvalidPayloadError).shortMessage
  }
  return undefined
}

describe('verificationLevelToCredentialTypes', () => {
  test('default', () => {
    expect(DEFAULT_VERIFICATION_LEVEL).toBe('orb')
    expect(verificationLevelToCredentialTypes(DEFAULT_VERIFICATION_LEVEL)).toEqual(['orb'])
  })

  // Spec §5: the level → accepted credential types table, in this order.
  test.each([
    ['device', ['orb', 'device']],
    ['document', ['document', 'secure_document', 'orb']],
    ['secure_document', ['secure_document', 'orb']],
    ['orb', ['orb']],
  ])('parameters: %s → %j', (level, types) => {
    expect(verificationLevelToCredentialTypes(level)).toEqual(types)
  })

  test('behavior: the table covers exactly the four levels', () => {
    expect(Object.keys(CREDENTIAL_TYPES_BY_LEVEL).sort()).toEqual(['device', 'document', 'orb', 'secure_document'])
  })

  test('behavior: every level accepts orb, and only levels at least as strong', () => {
    for (const level of Object.keys(CREDENTIAL_TYPES_BY_LEVEL)) expect(verificationLevelToCredentialTypes(level)).toContain('orb')
    expect(verificationLevelToCredentialTypes('document')).not.toContain('device')
    expect(verificationLevelToCredentialTypes('secure_document')).not.toContain('document')
  })

  test('behavior: returns a fresh copy; the table cannot be changed through it', () => {
    const types = verificationLevelToCredentialTypes('orb')
    types.push('device')
    expect(verificationLevelToCredentialTypes('orb')).toEqual(['orb'])
  })

  test.each<[string, unknown, string]>([
    ['unknown name', 'face', 'Unknown verification level: face'],
    ['wrong case', 'ORB', 'Unknown verification level: ORB'],
    ['a credential name that is no level', 'phone', 'Unknown verification level: phone'],
    ['empty string', '', 'Unknown verification level: '],
    ['undefined', undefined, 'Unknown verification level: undefined'],
    ['null', null, 'Unknown verification level: null'],
    ['number', 1, 'Unknown verification level: 1'],
    ['inherited key', 'toString', 'Unknown verification level: toString'],
    ['prototype key', '__proto__', 'Unknown verification level: __proto__'],
    ['null-prototype object', Object.create(null), 'Unknown verification level: object'],
    [
      'object with a non-callable toString (as JSON.parse can build)',
      JSON.parse('{"toString":1}'),
      'Unknown verification level: object',
    ],
  ])('error: %s', (_name, level, message) => {
    expect(shortMessageOf(() => verificationLevelToCredentialTypes(level))).toBe(message)
  })

  test('error: arbitrary input maps or throws InvalidPayloadError, nothing else (property)', () => {
    fc.assert(
      fc.property(fc.oneof(anyInput(), fc.constantFrom('orb', 'device', 'document', 'secure_document')), (level) => {
        try {
          const types = verificationLevelToCredentialTypes(level)
          expect(types.length).toBeGreaterThan(0)
        } catch (error) {
          if (!(error instanceof InvalidPayloadError)) throw error
        }
      }),
      { numRuns: 2000 },
    )
  })
})

describe('assertCredentialType', () => {
  test('default', () => {
    expect(() => assertCredentialType('orb')).not.toThrow()
  })

  test.each(Object.values(CredentialType))('parameters: %s is a credential type', (type) => {
    expect(() => assertCredentialType(type)).not.toThrow()
  })

  test.each<[string, unknown, string]>([
    ['unknown name', 'passport', 'Unknown credential type: passport'],
    ['wrong case', 'Device', 'Unknown credential type: Device'],
    ['undefined', undefined, 'Unknown credential type: undefined'],
    ['inherited key', 'constructor', 'Unknown credential type: constructor'],
    ['null-prototype object', Object.create(null), 'Unknown credential type: object'],
  ])('error: %s', (_name, type, message) => {
    expect(shortMessageOf(() => assertCredentialType(type))).toBe(message)
  })

  test('behavior: the reverse map is 1:1 with the levels', () => {
    expect(Object.values(CredentialType).sort()).toEqual(Object.keys(CREDENTIAL_TYPES_BY_LEVEL).sort())
  })
})
