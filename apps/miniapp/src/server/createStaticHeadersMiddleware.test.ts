import { expect, test, vi } from 'vitest'
import { createSecurityHeaders } from './createSecurityHeaders.js'
import { createStaticHeadersMiddleware } from './createStaticHeadersMiddleware.js'

const securityHeaders = createSecurityHeaders({ publicEnv: {}, production: true })

test("default: a file the server's static middleware answers gets the security headers, its own headers kept", async () => {
  const middleware = createStaticHeadersMiddleware(securityHeaders)
  const file = new Response('export {}', {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'content-encoding': 'br', etag: 'W/"1"' },
  })
  const next = vi.fn(() => file)
  const response = await middleware(new Request('http://127.0.0.1:3000/assets/entries/entry.js'), next)
  expect(next).toHaveBeenCalledOnce()
  expect(await response.text()).toBe('export {}')
  expect(response.headers.get('content-encoding')).toBe('br')
  expect(response.headers.get('etag')).toBe('W/"1"')
  expect(response.headers.get('content-security-policy')).toMatch(
    /^default-src 'self';.* connect-src 'self' http:\/\/127\.0\.0\.1:5001 /,
  )
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
})

test('behavior: the request goes on to the app untouched, its body unread', async () => {
  const middleware = createStaticHeadersMiddleware(securityHeaders)
  const request = new Request('http://127.0.0.1:3000/api/sign-nonce', { method: 'POST', body: '{"nonce":"abcdefgh12"}' })
  const next = vi.fn(async () => {
    expect(request.bodyUsed).toBe(false)
    return Response.json({ status: 'OK' })
  })
  const response = await middleware(request, next)
  expect(await response.json()).toEqual({ status: 'OK' })
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
})
