import { Hono } from 'hono'
import { expect, test, vi } from 'vitest'
import { productionPublicEnv } from '../lib/config/testing/productionPublicEnv.js'
import { type CreateSecurityHeadersOptions, createSecurityHeaders, earlyErrorsScriptHash } from './createSecurityHeaders.js'

const productionEnv = productionPublicEnv

function appWith(options: CreateSecurityHeadersOptions) {
  const app = new Hono()
  app.use(createSecurityHeaders(options))
  app.get('/', (c) => c.html('<p>ok</p>'))
  app.get('/boom', () => {
    throw new Error('boom')
  })
  return app
}

/** The policy as `{directive: sources}`, in header order. */
function parseCsp(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  )
}

test('default: a production build on a local host — the strict policy with the local stack as backends', async () => {
  const response = await appWith({ publicEnv: {}, production: true }).request('http://localhost:3000/')
  expect(response.headers.get('content-security-policy')).toBe(
    "default-src 'self'; base-uri 'none'; object-src 'none'; form-action 'self'; frame-ancestors 'none'; " +
      `script-src 'self' ${earlyErrorsScriptHash()}; style-src 'self' 'unsafe-inline'; style-src-elem 'self'; img-src 'self' data: blob:; ` +
      "worker-src 'self'; connect-src 'self' http://127.0.0.1:5001 http://127.0.0.1:8545 http://127.0.0.1:9000 " +
      'http://127.0.0.1:9099 ws://127.0.0.1:9000; report-to csp; report-uri /api/reports',
  )
  expect(Object.fromEntries([...response.headers].filter(([name]) => name !== 'content-security-policy'))).toEqual({
    'content-type': 'text/html; charset=UTF-8',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'permissions-policy':
      'geolocation=(self), clipboard-write=(self), clipboard-read=(), camera=(), microphone=(), payment=(), usb=(), ' +
      'serial=(), hid=(), midi=(), display-capture=(), accelerometer=(), gyroscope=(), magnetometer=()',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'reporting-endpoints': 'csp="/api/reports"',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  })
})

test("behavior: on the production host, connect-src is exactly the production backends; the only wildcard is the database's shard domain", async () => {
  const response = await appWith({ publicEnv: productionEnv, production: true }).request('https://worldmap.app/')
  const csp = parseCsp(response.headers.get('content-security-policy'))
  expect(csp['connect-src']).toEqual([
    "'self'",
    'https://*.asia-southeast1.firebasedatabase.app',
    'https://asia-southeast1-worldmap-prod.cloudfunctions.net',
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://tiles.openfreemap.org',
    'https://usernames.worldcoin.org',
    'https://worldchain-mainnet.g.alchemy.com',
    'wss://*.asia-southeast1.firebasedatabase.app',
  ])
  const wildcards = Object.entries(csp).flatMap(([directive, sources]) =>
    sources.filter((source) => source.includes('*')).map((source) => `${directive} ${source}`),
  )
  expect(wildcards).toEqual([
    'connect-src https://*.asia-southeast1.firebasedatabase.app',
    'connect-src wss://*.asia-southeast1.firebasedatabase.app',
  ])
  // Websockets only (docs/realtime.md): the database's long-polling scripts stay refused; inline, only the early hook.
  expect(csp['script-src']).toEqual(["'self'", earlyErrorsScriptHash()])
})

test('behavior: the policy follows the origin of each request, as the client decides local mode by its host', async () => {
  const app = appWith({ publicEnv: { ...productionEnv, PUBLIC_ENV__DEV_TUNNEL_HOSTS: 'trycloudflare.com' }, production: true })
  const connectSrc = async (url: string) =>
    parseCsp((await app.request(url)).headers.get('content-security-policy'))['connect-src']
  const production = await connectSrc('https://worldmap.app/')
  const tunnel = await connectSrc('https://abc.trycloudflare.com/')
  expect(production).toContain('https://identitytoolkit.googleapis.com')
  expect(tunnel).toContain('http://127.0.0.1:9099')
  expect(tunnel).not.toContain('https://identitytoolkit.googleapis.com')
  // Back and forth: the remembered origin never leaks into another host's policy.
  expect(await connectSrc('https://worldmap.app/')).toEqual(production)
  expect(await connectSrc('https://worldmap.app/map')).toEqual(production)
})

test('behavior: the one inline script production allows is the early-errors hook, by the hash of its exact text', () => {
  expect(earlyErrorsScriptHash()).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/)
  // Known vector: sha256 of the empty string.
  expect(earlyErrorsScriptHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
  expect(earlyErrorsScriptHash('alert(1)')).not.toBe(earlyErrorsScriptHash())
})

test('behavior: development allows inline scripts and the dev server websocket, and sends no HSTS', async () => {
  const response = await appWith({ publicEnv: {}, production: false }).request('http://localhost:3000/')
  const csp = parseCsp(response.headers.get('content-security-policy'))
  expect(csp['script-src']).toEqual(["'self'", "'unsafe-inline'"])
  expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"])
  expect(csp).not.toHaveProperty('style-src-elem')
  expect(csp['connect-src']?.slice(0, 3)).toEqual(["'self'", 'ws://localhost:3000', 'http://127.0.0.1:5001'])
  expect(csp['frame-ancestors']).toEqual(["'none'"])
  expect(response.headers.has('strict-transport-security')).toBe(false)

  const secure = await appWith({ publicEnv: {}, production: false }).request('https://abc.trycloudflare.com/')
  expect(parseCsp(secure.headers.get('content-security-policy'))['connect-src']?.[1]).toBe('wss://abc.trycloudflare.com')
})

test('behavior: errors and 404s carry the headers too', async () => {
  // Hono's default error handler logs the thrown error.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const app = appWith({ publicEnv: {}, production: true })
  for (const [path, status] of [
    ['/boom', 500],
    ['/missing', 404],
  ] as const) {
    const response = await app.request(`http://localhost:3000${path}`)
    expect(response.status).toBe(status)
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self';/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  }
})

test("error: a build without its production Firebase config gets connect-src 'self' only, not a guess", async () => {
  const response = await appWith({ publicEnv: {}, production: true }).request('https://worldmap.app/')
  expect(parseCsp(response.headers.get('content-security-policy'))['connect-src']).toEqual(["'self'"])
  const invalid = await appWith({ publicEnv: { PUBLIC_ENV__AUTH_EMULATOR_URL: 'not a url' }, production: true }).request(
    'http://localhost:3000/',
  )
  expect(parseCsp(invalid.headers.get('content-security-policy'))['connect-src']).toEqual(["'self'"])
})

test('behavior: images only from the app, data:, blob: and the configured avatar origins (issue 22: no tracking pixels)', async () => {
  const response = await appWith({
    publicEnv: {},
    production: true,
    avatarOrigins: ['https://cdn.world.test'],
  }).request('http://localhost:3000/')
  const policy = parseCsp(response.headers.get('content-security-policy'))
  expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.world.test'])
})
