import { createHmac } from 'node:crypto'
import { expect, test, vi } from 'vitest'
import { DEV_USERNAME } from './createDevUsernamesRoutes.js'
import { createSecurityHeaders } from './createSecurityHeaders.js'
import { createServerApp } from './createServerApp.js'

const nonceSecret = 'test-secret-'.padEnd(40, 'x')
const app = createServerApp({ nonceSecret })
const post = (body: string, target = app) =>
  target.request('/api/sign-nonce', { method: 'POST', headers: { 'content-type': 'application/json' }, body })

test('default: POST {nonce} → 200 {status: OK, signedNonce} ({issuedAtMs}.{HMAC-SHA256 of "nonce|issuedAtMs"} under the shared secret)', async () => {
  const nonce = '9f86d081884c4d659a2feaa0c55ad015'
  const before = Date.now()
  const response = await post(JSON.stringify({ nonce }))
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(response.headers.get('cache-control')).toBe('no-store')
  const body = (await response.json()) as { status: string; signedNonce: string }
  expect(body).toEqual({
    status: 'OK',
    signedNonce: expect.stringMatching(/^\d+\.[0-9a-f]{64}$/),
    serverTime: expect.any(Number),
  })
  const [issuedAt = '', hmac] = body.signedNonce.split('.')
  expect(Number(issuedAt)).toBeGreaterThanOrEqual(before)
  expect(Number(issuedAt)).toBeLessThanOrEqual(Date.now())
  expect(hmac).toBe(createHmac('sha256', nonceSecret).update(`${nonce}|${issuedAt}`).digest('hex'))
})

test("parameters: `now` stamps the nonce and the reply's serverTime (a test stack's clock, days ahead)", async () => {
  const twoDaysAhead = Date.UTC(2031, 0, 2, 11)
  const clocked = createServerApp({ nonceSecret, now: () => twoDaysAhead })
  const body = (await (await post(JSON.stringify({ nonce: '9f86d081884c4d659a2feaa0c55ad015' }), clocked)).json()) as {
    signedNonce: string
    serverTime: number
  }
  expect(body.serverTime).toBe(twoDaysAhead)
  expect(body.signedNonce.split('.')[0]).toBe(String(twoDaysAhead))
})

test.each([
  ['not JSON', '{nonce:', 'invalid_json'],
  ['no nonce', '{}', 'invalid_body'],
  ['a short nonce', '{"nonce":"abc"}', 'invalid_body'],
  ['32 hex digits without a UUID version', '{"nonce":"00112233445566778899aabbccddeeff"}', 'invalid_body'],
  ['a nonce with symbols', '{"nonce":"abcdefgh/.#$"}', 'invalid_body'],
  ['a 65-character nonce', JSON.stringify({ nonce: 'a'.repeat(65) }), 'invalid_body'],
  ['an array', '[]', 'invalid_body'],
])('error: %s → 400 with a JSON error', async (_, body, error) => {
  const response = await post(body)
  expect(response.status).toBe(400)
  expect(await response.json()).toMatchObject({ error, message: expect.any(String) })
})

test.each(['GET', 'PUT', 'DELETE', 'PATCH'])('error: %s → 405 with Allow: POST', async (method) => {
  const response = await app.request('/api/sign-nonce', { method })
  expect(response.status).toBe(405)
  expect(response.headers.get('allow')).toBe('POST')
  expect(await response.json()).toMatchObject({ error: 'method_not_allowed' })
})

test('error: an oversized body → 413 JSON, also when it streams in without a Content-Length', async () => {
  const sized = await post(JSON.stringify({ nonce: 'a'.repeat(2000) }))
  expect(sized.status).toBe(413)
  expect(await sized.json()).toEqual({ error: 'payload_too_large', message: 'Body must be at most 1024 bytes.' })

  let pulled = 0
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 4096
      controller.enqueue(new Uint8Array(4096).fill(0x20))
    },
  })
  const streamed = await app.request('/api/sign-nonce', { method: 'POST', body: endless, duplex: 'half' } as RequestInit)
  expect(streamed.status).toBe(413)
  expect(pulled).toBeLessThan(16 * 1024)
})

test('behavior: every answer carries the security headers — 200, 400, 405, 413 and 404', async () => {
  const strict = createServerApp({ nonceSecret, securityHeaders: createSecurityHeaders({ publicEnv: {}, production: true }) })
  const responses = [
    await post(JSON.stringify({ nonce: '9f86d081884c4d659a2feaa0c55ad015' }), strict),
    await post('{', strict),
    await strict.request('/api/sign-nonce'),
    await post('x'.repeat(1025), strict),
    await strict.request('/no-such-route'),
  ]
  expect(responses.map((response) => response.status)).toEqual([200, 400, 405, 413, 404])
  for (const response of responses) {
    expect(response.headers.get('content-security-policy')).toMatch(
      /^default-src 'self';.*; script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/,
    )
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  }
})

test("default: the headers of the build's own client configuration (vitest is a development build)", async () => {
  const response = await post(JSON.stringify({ nonce: '9f86d081884c4d659a2feaa0c55ad015' }))
  expect(response.headers.get('content-security-policy')).toContain("script-src 'self' 'unsafe-inline'")
  expect(response.headers.has('strict-transport-security')).toBe(false)
})

test('behavior: no development routes unless asked for', async () => {
  const response = await app.request('/api/dev/usernames/api/v1/query', { method: 'POST', body: '{"addresses":["0x1"]}' })
  expect(response.status).toBe(404)
})

test('behavior: the dev usernames stand-in knows the dev wallet, and only it', async () => {
  const devAddress = '0x52908400098527886E0F7030069857D2E4169EE7'
  const getDevAddress = vi.fn(async () => devAddress)
  const dev = createServerApp({ nonceSecret, devUsernames: getDevAddress })
  const query = (addresses: unknown) =>
    dev.request('/api/dev/usernames/api/v1/query', { method: 'POST', body: JSON.stringify({ addresses }) })

  const known = await query([devAddress.toLowerCase()])
  expect(known.status).toBe(200)
  expect(await known.json()).toEqual([{ address: devAddress.toLowerCase(), username: DEV_USERNAME, profile_picture_url: null }])
  expect(await (await query(['0x0000000000000000000000000000000000000001'])).json()).toEqual([])

  expect((await query('nope')).status).toBe(400)
  const broken = await dev.request('/api/dev/usernames/api/v1/query', { method: 'POST', body: '{' })
  expect(broken.status).toBe(400)

  const byName = await dev.request(`/api/dev/usernames/api/v1/${DEV_USERNAME}`)
  expect(await byName.json()).toEqual({ address: devAddress, username: DEV_USERNAME, profile_picture_url: null })
  expect((await dev.request('/api/dev/usernames/api/v1/someone-else')).status).toBe(404)
})

test('behavior: pages are gzipped for a browser that accepts it, with Vary: Accept-Encoding; the API and other clients get them plain', async () => {
  const { gunzipSync } = await import('node:zlib')
  const site = createServerApp({ nonceSecret })
  // Vike's pages are added after the middleware, as in +server.ts.
  const page = `<!DOCTYPE html><html><body>${'<p>a catalogue line</p>'.repeat(200)}</body></html>`
  site.get('/', (c) => c.html(page))

  const zipped = await site.request('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
  expect(zipped.headers.get('content-encoding')).toBe('gzip')
  expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/)
  const bytes = Buffer.from(await zipped.arrayBuffer())
  expect(bytes.length).toBeLessThan(page.length / 4)
  expect(gunzipSync(bytes).toString()).toBe(page)

  const plain = await site.request('/')
  expect(plain.headers.get('content-encoding')).toBeNull()
  expect(await plain.text()).toBe(page)

  const nonce = await post(JSON.stringify({ nonce: '9f86d081884c4d659a2feaa0c55ad015' }), site)
  expect(nonce.headers.get('content-encoding')).toBeNull()
})
