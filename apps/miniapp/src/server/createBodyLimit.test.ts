import { handleSignNonce } from '@worldmap/game/server'
import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { BODY_LIMITS, createBodyLimit, DEFAULT_BODY_LIMIT } from './createBodyLimit.js'

const app = new Hono()
app.use(createBodyLimit())
app.post('*', async (c) => c.json({ received: (await c.req.arrayBuffer()).byteLength }))
app.get('*', (c) => c.text('page'))

const CHUNK = 16 * 1024

/** A body of `total` bytes made as it is read, counting what the server pulled. */
function streamedBody(total: number) {
  let pulled = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close()
      const size = Math.min(CHUNK, total - pulled)
      pulled += size
      controller.enqueue(new Uint8Array(size).fill(0x61))
    },
  })
  return { stream, pulled: () => pulled }
}

/** POST `body` to `path`: a string (Content-Length) or a stream (chunked, no Content-Length). */
const post = (path: string, body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', body, headers, ...(typeof body === 'string' ? {} : { duplex: 'half' }) })

test('default: 1 KiB for the sign-nonce route, 16 KiB elsewhere', () => {
  expect(BODY_LIMITS).toEqual({ '/api/sign-nonce': 1024, '/api/reports': 16 * 1024 })
  expect(DEFAULT_BODY_LIMIT).toBe(16384)
})

test.each([
  ['/api/sign-nonce', 1024],
  ['/profile', 16384],
  ['/api/dev/usernames/api/v1/query', 16384],
])('behavior: %s takes a body of exactly its limit, with or without Content-Length', async (path, limit) => {
  const sized = await post(path, 'a'.repeat(limit))
  expect(await sized.json()).toEqual({ received: limit })
  const chunked = await post(path, streamedBody(limit).stream)
  expect(await chunked.json()).toEqual({ received: limit })
})

test.each([
  ['/api/sign-nonce', 1024],
  ['/profile', 16384],
])('error: %s refuses a Content-Length over its limit before reading a byte', async (path, limit) => {
  const body = streamedBody(64 * 1024 * 1024)
  const response = await post(path, body.stream, { 'content-length': String(64 * 1024 * 1024) })
  expect(response.status).toBe(413)
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(await response.json()).toEqual({ error: 'payload_too_large', message: `Body must be at most ${limit} bytes.` })
  expect(body.pulled()).toBeLessThanOrEqual(CHUNK) // at most what the stream buffers on its own
})

test.each([
  ['/api/sign-nonce', 1024],
  ['/profile', 16384],
])('error: %s refuses a chunked body as soon as it crosses the limit, of a 64 MiB stream', async (path, limit) => {
  const body = streamedBody(64 * 1024 * 1024)
  const response = await post(path, body.stream)
  expect(response.status).toBe(413)
  expect(await response.json()).toEqual({ error: 'payload_too_large', message: `Body must be at most ${limit} bytes.` })
  expect(body.pulled()).toBeLessThanOrEqual(limit + 2 * CHUNK)
})

test("behavior: the sign-nonce 413 is handleSignNonce's own answer, word for word", async () => {
  const response = await post('/api/sign-nonce', 'a'.repeat(1025))
  const own = handleSignNonce({ method: 'POST', body: 'a'.repeat(1025) }, { secret: 's'.repeat(32) })
  expect(own.status).toBe(413)
  expect(await response.json()).toEqual(own.body)
})

test('behavior: requests without a body pass untouched', async () => {
  const response = await app.request('/profile')
  expect(response.status).toBe(200)
  expect(await response.text()).toBe('page')
})
