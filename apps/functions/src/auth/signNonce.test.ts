import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { nonceSchema, signNonce, verifySignedNonce } from './signNonce.js'

const secret = 'test-secret-0123456789abcdef0123456789'
const nonce = 'a1b2c3d4e5f60718a1b2c3d4e5f60718'

describe('signNonce', () => {
  test('default: lowercase hex HMAC-SHA256 of the nonce', () => {
    const signed = signNonce(nonce, secret)
    expect(signed).toMatch(/^[0-9a-f]{64}$/)
    expect(signed).toBe(createHmac('sha256', secret).update(nonce).digest('hex'))
    expect(signNonce(nonce, secret)).toBe(signed)
  })

  test('behavior: depends on nonce and secret', () => {
    expect(signNonce(`${nonce}x`, secret)).not.toBe(signNonce(nonce, secret))
    expect(signNonce(nonce, `${secret}x`)).not.toBe(signNonce(nonce, secret))
  })
})

describe('verifySignedNonce', () => {
  test('default: round trip', () => {
    expect(verifySignedNonce(nonce, signNonce(nonce, secret), secret)).toBe(true)
  })

  test('behavior: hex case does not matter', () => {
    expect(verifySignedNonce(nonce, signNonce(nonce, secret).toUpperCase(), secret)).toBe(true)
  })

  test('error: tampered, other nonce, other secret, malformed', () => {
    const signed = signNonce(nonce, secret)
    const flipped = `${signed.slice(0, 10)}${signed[10] === '0' ? '1' : '0'}${signed.slice(11)}`
    expect(verifySignedNonce(nonce, flipped, secret)).toBe(false)
    expect(verifySignedNonce('zzzzzzzzzzzz', signed, secret)).toBe(false)
    expect(verifySignedNonce(nonce, signed, 'another-secret-0123456789abcdef0123')).toBe(false)
    for (const bad of ['', signed.slice(2), `${signed}00`, `0x${signed.slice(2)}`, `${signed.slice(1)}g`, 'z'.repeat(64)]) {
      expect(verifySignedNonce(nonce, bad, secret)).toBe(false)
    }
    expect(verifySignedNonce(nonce, 42 as unknown as string, secret)).toBe(false)
  })

  test('behavior: random strings never verify and never throw', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (candidate) => {
        expect(verifySignedNonce(nonce, candidate, secret)).toBe(false)
      }),
    )
  })
})

describe('nonceSchema', () => {
  test.each([
    ['a1b2c3d4', true],
    ['A'.repeat(64), true],
    [crypto.randomUUID().replaceAll('-', ''), true],
    ['a1b2c3d', false],
    ['A'.repeat(65), false],
    [crypto.randomUUID(), false],
    ['abcdefgh/', false],
    ['abcd.efgh', false],
    ['abcdéfgh', false],
    ['', false],
  ])('parameters: %j → %s', (value, valid) => {
    expect(nonceSchema.safeParse(value).success).toBe(valid)
  })
})
