import { expect, test, vi } from 'vitest'
import { requestNonceSignature } from './requestNonceSignature.js'

test('default: POSTs {nonce} as JSON and brackets the round trip on the given clock', async () => {
  let now = 1_000
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    now += 250
    return Response.json({ status: 'OK', signedNonce: 'f'.repeat(64) })
  })
  const reply = await requestNonceSignature(fetch, '/api/sign-nonce', 'a'.repeat(32), () => now)
  expect([reply.sentAt, reply.receivedAt]).toEqual([1_000, 1_250])
  expect(fetch).toHaveBeenCalledWith('/api/sign-nonce', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nonce: 'a'.repeat(32) }),
  })
  expect(await reply.response.json()).toEqual({ status: 'OK', signedNonce: 'f'.repeat(64) })
})

test('error: a failed request rejects as the fetch did', async () => {
  const fetch = vi.fn(async () => {
    throw new TypeError('Failed to fetch')
  })
  await expect(requestNonceSignature(fetch, '/api/sign-nonce', 'a'.repeat(32))).rejects.toThrow('Failed to fetch')
})
