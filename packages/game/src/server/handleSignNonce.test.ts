import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { nonceSchema } from '../contract/signInContract.js'
import { handleSignNonce } from './handleSignNonce.js'
import { signNonce, verifySignedNonce } from './signNonce.js'

const secret = 'test-secret-0123456789abcdef0123456789'
const nonce = '9f86d081884c4d659a2feaa0c55ad015'
const issuedAtMs = Date.UTC(2025, 5, 1, 12)
const now = () => issuedAtMs

describe('handleSignNonce', () => {
  test('default: signs the nonce and the current time', () => {
    const result = handleSignNonce({ method: 'POST', body: JSON.stringify({ nonce }) }, { secret, now })
    expect(result).toEqual({
      status: 200,
      body: { status: 'OK', signedNonce: signNonce(nonce, secret, issuedAtMs), serverTime: issuedAtMs },
    })
  })

  test('parameters: an already parsed body and a lowercase method', () => {
    const result = handleSignNonce({ method: 'post', body: { nonce } }, { secret, now })
    expect(result.status).toBe(200)
    expect(verifySignedNonce(nonce, (result.body as { signedNonce: string }).signedNonce, secret)).toEqual({ issuedAtMs })
  })

  test('parameters: without a clock it stamps Date.now(); a fractional clock is floored', () => {
    const before = Date.now()
    const result = handleSignNonce({ method: 'POST', body: { nonce } }, { secret })
    const verified = verifySignedNonce(nonce, (result.body as { signedNonce: string }).signedNonce, secret)
    expect(verified?.issuedAtMs).toBeGreaterThanOrEqual(before)
    expect(verified?.issuedAtMs).toBeLessThanOrEqual(Date.now())

    const fractional = handleSignNonce({ method: 'POST', body: { nonce } }, { secret, now: () => issuedAtMs + 0.75 })
    expect(fractional.body).toEqual({ status: 'OK', signedNonce: signNonce(nonce, secret, issuedAtMs), serverTime: issuedAtMs })
  })

  test('error: method not allowed', () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS', '']) {
      expect(handleSignNonce({ method, body: { nonce } }, { secret })).toMatchInlineSnapshot(`
        {
          "body": {
            "error": "method_not_allowed",
            "message": "Use POST.",
          },
          "headers": {
            "allow": "POST",
          },
          "status": 405,
        }
      `)
    }
  })

  test.each([
    ['not JSON', '{nonce:', 400, 'invalid_json'],
    ['empty string', '', 400, 'invalid_json'],
    ['too large', JSON.stringify({ nonce, pad: 'x'.repeat(2000) }), 413, 'payload_too_large'],
    ['missing nonce', '{}', 400, 'invalid_body'],
    ['nonce too short', JSON.stringify({ nonce: 'abc1234' }), 400, 'invalid_body'],
    ['nonce too long', JSON.stringify({ nonce: 'a'.repeat(65) }), 400, 'invalid_body'],
    ['nonce with dashes', JSON.stringify({ nonce: crypto.randomUUID() }), 400, 'invalid_body'],
    ['nonce a number', JSON.stringify({ nonce: 12345678 }), 400, 'invalid_body'],
    ['JSON null', 'null', 400, 'invalid_body'],
    ['JSON array', JSON.stringify([nonce]), 400, 'invalid_body'],
    ['undefined body', undefined, 400, 'invalid_body'],
    ['nonce array', { nonce: [nonce] }, 400, 'invalid_body'],
  ])('error: %s', (_name, body, status, error) => {
    const result = handleSignNonce({ method: 'POST', body }, { secret })
    expect(result.status).toBe(status)
    expect(result.body).toMatchObject({ error })
    expect(JSON.stringify(result.body)).not.toContain(secret)
  })

  test('error: messages', () => {
    expect(handleSignNonce({ method: 'POST', body: '{' }, { secret }).body).toMatchInlineSnapshot(`
      {
        "error": "invalid_json",
        "message": "Body is not valid JSON.",
      }
    `)
    expect(handleSignNonce({ method: 'POST', body: '{}' }, { secret }).body).toMatchInlineSnapshot(`
      {
        "error": "invalid_body",
        "message": "Body must be {"nonce": string}, a UUID without its dashes (32 lowercase hex digits).",
      }
    `)
  })

  test('behavior: random bodies get 200 only for a valid nonce, else a known 4xx, and never throw', () => {
    const body = fc.oneof(
      fc.anything(),
      fc.string(),
      fc.json(),
      fc.record({
        nonce: fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.stringMatching(/^[A-Za-z0-9]{1,70}$/),
          fc.uuid({ version: 4 }).map((uuid) => uuid.replaceAll('-', '')),
          fc.anything(),
        ),
      }),
    )
    fc.assert(
      fc.property(body, fc.constantFrom('POST', 'GET', 'post'), (body, method) => {
        const result = handleSignNonce({ method, body }, { secret, now })
        if (method === 'GET') {
          expect(result.status).toBe(405)
          return
        }
        const parsed = typeof body === 'string' ? safeJson(body) : body
        const valid =
          typeof parsed === 'object' && parsed !== null && nonceSchema.safeParse((parsed as { nonce?: unknown }).nonce).success
        if (result.status === 200) {
          expect(valid).toBe(true)
          const { nonce } = parsed as { nonce: string }
          expect(result.body).toEqual({ status: 'OK', signedNonce: signNonce(nonce, secret, issuedAtMs), serverTime: issuedAtMs })
        } else {
          expect([400, 413]).toContain(result.status)
          expect(['invalid_json', 'invalid_body', 'payload_too_large']).toContain((result.body as { error: string }).error)
        }
      }),
      { numRuns: 300 },
    )
  })
})

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
