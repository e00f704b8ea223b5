import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { signNonce, verifySignedNonce } from './signNonce.js'

const secret = 'test-secret-0123456789abcdef0123456789'
const nonce = '9f86d081884c4d659a2feaa0c55ad015'
const issuedAtMs = Date.UTC(2025, 5, 1, 12)

describe('signNonce', () => {
  test('default: the issue time, a dot, and the lowercase hex HMAC-SHA256 of "nonce|issuedAtMs"', () => {
    const signed = signNonce(nonce, secret, issuedAtMs)
    expect(signed).toBe(`${issuedAtMs}.${createHmac('sha256', secret).update(`${nonce}|${issuedAtMs}`).digest('hex')}`)
    expect(signed).toMatch(/^\d{13}\.[0-9a-f]{64}$/)
    expect(signNonce(nonce, secret, issuedAtMs)).toBe(signed)
  })

  test('behavior: URL-safe, so it survives a query string unescaped', () => {
    const signed = signNonce(nonce, secret, issuedAtMs)
    expect(encodeURIComponent(signed)).toBe(signed)
    expect(new URLSearchParams({ signedNonce: signed }).toString()).toBe(`signedNonce=${signed}`)
  })

  test('behavior: depends on nonce, secret and issue time', () => {
    const signed = signNonce(nonce, secret, issuedAtMs)
    expect(signNonce(`${nonce}x`, secret, issuedAtMs)).not.toBe(signed)
    expect(signNonce(nonce, `${secret}x`, issuedAtMs)).not.toBe(signed)
    expect(signNonce(nonce, secret, issuedAtMs + 1).split('.')[1]).not.toBe(signed.split('.')[1])
  })

  test('error: an issue time that is not a non-negative integer', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => signNonce(nonce, secret, bad)).toThrowErrorMatchingInlineSnapshot(
        `[RangeError: signNonce: issuedAtMs must be a non-negative integer (ms since the epoch)]`,
      )
    }
  })
})

describe('verifySignedNonce', () => {
  test('default: round trip gives the issue time back', () => {
    expect(verifySignedNonce(nonce, signNonce(nonce, secret, issuedAtMs), secret)).toEqual({ issuedAtMs })
    expect(verifySignedNonce(nonce, signNonce(nonce, secret, 0), secret)).toEqual({ issuedAtMs: 0 })
  })

  test('behavior: hex case does not matter', () => {
    expect(verifySignedNonce(nonce, signNonce(nonce, secret, issuedAtMs).toUpperCase(), secret)).toEqual({ issuedAtMs })
  })

  test('error: another issue time under the same HMAC (a back-dated or extended nonce)', () => {
    const [, hmac] = signNonce(nonce, secret, issuedAtMs).split('.')
    for (const time of [issuedAtMs + 1, issuedAtMs + 60 * 60 * 1000, issuedAtMs - 1]) {
      expect(verifySignedNonce(nonce, `${time}.${hmac}`, secret)).toBeNull()
    }
    // One spelling per time: a leading zero is not the same signed text.
    expect(verifySignedNonce(nonce, `0${issuedAtMs}.${hmac}`, secret)).toBeNull()
  })

  test('error: tampered, other nonce, other secret, malformed, the old bare-HMAC format', () => {
    const signed = signNonce(nonce, secret, issuedAtMs)
    const flipped = `${signed.slice(0, 30)}${signed[30] === '0' ? '1' : '0'}${signed.slice(31)}`
    expect(verifySignedNonce(nonce, flipped, secret)).toBeNull()
    expect(verifySignedNonce('zzzzzzzzzzzz', signed, secret)).toBeNull()
    expect(verifySignedNonce(nonce, signed, 'another-secret-0123456789abcdef0123')).toBeNull()
    const legacy = createHmac('sha256', secret).update(nonce).digest('hex')
    for (const bad of [
      '',
      legacy,
      `.${legacy}`,
      `${issuedAtMs}.`,
      `${issuedAtMs}.${legacy.slice(2)}`,
      `${issuedAtMs}.${legacy}00`,
      `-${issuedAtMs}.${legacy}`,
      `${issuedAtMs}.5.${legacy}`,
      `1e12.${legacy}`,
      `${'9'.repeat(17)}.${legacy}`,
      // 16 digits, but past Number.MAX_SAFE_INTEGER.
      `${'9'.repeat(16)}.${legacy}`,
      `${issuedAtMs}.${'z'.repeat(64)}`,
    ]) {
      expect(verifySignedNonce(nonce, bad, secret)).toBeNull()
    }
    expect(verifySignedNonce(nonce, 42 as unknown as string, secret)).toBeNull()
  })

  test('behavior: random strings never verify and never throw', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.tuple(fc.nat(), fc.stringMatching(/^[0-9a-f]{64}$/)).map(([time, hex]) => `${time}.${hex}`),
        ),
        (candidate) => {
          expect(verifySignedNonce(nonce, candidate, secret)).toBeNull()
        },
      ),
    )
  })

  test('behavior: any issue time round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (time) => {
        expect(verifySignedNonce(nonce, signNonce(nonce, secret, time), secret)).toEqual({ issuedAtMs: time })
      }),
    )
  })
})
