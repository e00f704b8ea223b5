import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  createNonce,
  customTokenQuerySchema,
  customTokenReplySchema,
  NONCE_PATTERN,
  nonceSchema,
  signInStatement,
  signNonceReplySchema,
  signNonceRequestSchema,
} from './signInContract.js'

const uuidNonce = fc.uuid({ version: 4 }).map((uuid) => uuid.replaceAll('-', ''))

describe('nonceSchema', () => {
  test.each([
    ['9f86d081884c4d659a2feaa0c55ad015', true],
    [crypto.randomUUID().replaceAll('-', ''), true],
    // Today's old shape: 32 random hex digits without a UUID's version and variant bits.
    ['00112233445566778899aabbccddeeff', false],
    ['9f86d081884c1d659a2feaa0c55ad015', false], // version 1
    ['9f86d081884c4d65ca2feaa0c55ad015', false], // variant 110x
    ['9F86D081884C4D659A2FEAA0C55AD015', false], // one spelling: lowercase
    [crypto.randomUUID(), false], // with its dashes
    ['a1b2c3d4', false],
    ['9f86d081884c4d659a2feaa0c55ad01', false],
    ['9f86d081884c4d659a2feaa0c55ad0155', false],
    ['', false],
  ])('parameters: %j → %s', (value, valid) => {
    expect(nonceSchema.safeParse(value).success).toBe(valid)
  })

  test('behavior: every version-4 UUID without its dashes is a nonce, and only its lowercase spelling', () => {
    fc.assert(
      fc.property(uuidNonce, (nonce) => {
        expect(nonceSchema.safeParse(nonce).success).toBe(true)
        expect(nonceSchema.safeParse(nonce.toUpperCase()).success).toBe(nonce === nonce.toUpperCase())
      }),
    )
  })

  test('behavior: a string outside the pattern never passes, and nothing throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), fc.stringMatching(/^[0-9a-f]{32}$/), fc.anything()), (value) => {
        const valid = typeof value === 'string' && NONCE_PATTERN.test(value)
        expect(nonceSchema.safeParse(value).success).toBe(valid)
      }),
    )
  })
})

describe('createNonce', () => {
  test('default: crypto.randomUUID() without its dashes', () => {
    const nonce = createNonce()
    expect(nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(nonceSchema.safeParse(nonce).success).toBe(true)
    expect(createNonce({ randomUUID: () => '9f86d081-884c-4d65-9a2f-eaa0c55ad015', getRandomValues: (array) => array })).toBe(
      '9f86d081884c4d659a2feaa0c55ad015',
    )
  })

  test('behavior: fresh on every call', () => {
    expect(new Set(Array.from({ length: 100 }, () => createNonce())).size).toBe(100)
  })

  test('behavior: without randomUUID (not a secure context) any 16 random bytes make a valid nonce', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        const random = {
          getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
            new Uint8Array((array as unknown as Uint8Array).buffer).set(bytes)
            return array
          },
        }
        const nonce = createNonce(random)
        expect(nonceSchema.safeParse(nonce).success).toBe(true)
        // Only the 6 version and variant bits are set; the other 122 are the random bytes'.
        const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
        expect(nonce.slice(0, 12)).toBe(hex.slice(0, 12))
        expect(nonce.slice(18)).toBe(hex.slice(18))
      }),
    )
  })
})

describe('sign-in replies', () => {
  test('default: the statement the wallet signs', () => {
    expect(signInStatement('9f86d081884c4d659a2feaa0c55ad015')).toBe('Authenticate (9f86d081884c4d659a2feaa0c55ad015).')
  })

  test('behavior: the sign-nonce request takes a nonce, its reply an OK and a signed nonce', () => {
    expect(signNonceRequestSchema.safeParse({ nonce: '9f86d081884c4d659a2feaa0c55ad015' }).success).toBe(true)
    expect(signNonceRequestSchema.safeParse({ nonce: 'abcdefgh12' }).success).toBe(false)
    expect(signNonceReplySchema.safeParse({ status: 'OK', signedNonce: '1.ab' }).success).toBe(true)
    expect(signNonceReplySchema.safeParse({ status: 'ERROR', signedNonce: '1.ab' }).success).toBe(false)
    expect(signNonceReplySchema.safeParse({ status: 'OK', signedNonce: '' }).success).toBe(false)
  })

  test('behavior: the custom-token query is three strings, its reply a token', () => {
    const query = { payload: '{}', nonce: 'x', signedNonce: '1.ab' }
    expect(customTokenQuerySchema.safeParse(query).success).toBe(true)
    expect(customTokenQuerySchema.safeParse({ ...query, signedNonce: 'x'.repeat(129) }).success).toBe(false)
    expect(customTokenQuerySchema.safeParse({ ...query, nonce: ['a', 'b'] }).success).toBe(false)
    expect(customTokenReplySchema.safeParse({ customToken: 'token' }).success).toBe(true)
    expect(customTokenReplySchema.safeParse({ customToken: '' }).success).toBe(false)
  })
})
