// The production server's hardening, on the build this run serves (globalSetup):
// request bodies are limited while they stream in (measured in the server
// process's memory), every response carries the security headers with a CSP
// naming exactly the stack's backends, the development-only usernames route is
// not in the build, and the app still loads and signs in under the policy.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { join } from 'node:path'
import { instanceListSchema, regionTableSchema } from '@worldmap/game'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { startAppServer } from '../../scripts/appServer.mjs'
import { launchChromium } from '../launchChromium.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, screenshot } from './harness.js'

const MiB = 1024 * 1024
/** What a streaming limit may cost the server, at most, for a 64 MiB body (the old code: ~200 MiB). */
const MEMORY_BUDGET_KIB = 16 * 1024
const serverDir = () => join(inject('appClientDir'), '..', 'server')

/** The policy as `{directive: sources}`. */
function parseCsp(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  )
}

/**
 * The origins the client of this build talks to: the stack's, as baked in by globalSetup's build, every
 * database instance the region table and the player list name among them (the main one, each region's and each
 * player instance, over HTTP and websockets).
 */
function expectedBackendOrigins(): string[] {
  const urls = inject('stackUrls')
  const regions = Object.values(regionTableSchema.parse(inject('databaseRegions')))
  const players = instanceListSchema.parse(inject('databasePlayers'))
  const databases = [urls.database, ...regions, ...players].map((url) => new URL(url))
  return [
    ...new Set([
      new URL(urls.auth).origin,
      new URL(urls.functions).origin,
      new URL(urls.customToken).origin,
      ...databases.flatMap((database) => [database.origin, `ws://${database.host}`]),
      new URL(urls.chain).origin,
    ]),
  ].sort()
}

/** A field of /proc/<pid>/status, KiB (Linux). */
function procStatusKib(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))
  if (!match?.[1]) throw new Error(`no ${field} in /proc/${pid}/status`)
  return Number(match[1])
}

interface UploadResult {
  status: number
  body: string
  /** Bytes the client had written when the answer came (the rest was never sent). */
  sent: number
}

/**
 * POST up to `total` bytes in 64 KiB chunks, honouring backpressure, and stop
 * writing as soon as the answer arrives. With `contentLength` the size is
 * declared up front; without it the body goes chunked. A keep-alive agent, as
 * browsers use: the server answers early and leaves closing to the client.
 */
function upload(url: string, total: number, contentLength: boolean): Promise<UploadResult> {
  const chunk = Buffer.alloc(64 * 1024, 0x61)
  const agent = new Agent({ keepAlive: true })
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/sign-nonce`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', ...(contentLength ? { 'content-length': String(total) } : {}) },
    })
    let sent = 0
    let answered = false
    req.on('response', (response) => {
      answered = true
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (text: string) => {
        body += text
      })
      response.on('end', () => {
        // The upload is abandoned: this socket can carry nothing else.
        req.destroy()
        agent.destroy()
        resolve({ status: response.statusCode ?? 0, body, sent })
      })
    })
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    const pump = () => {
      while (!answered && !req.destroyed && sent < total) {
        sent += chunk.length
        if (!req.write(chunk)) {
          req.once('drain', pump)
          return
        }
      }
      if (sent >= total && !answered) req.end()
    }
    pump()
  })
}

describe('request bodies are limited while they stream in', () => {
  let server: { url: string; pid: number; stop(): Promise<void> }
  beforeAll(async () => {
    // A server of its own, from the same build, so its memory is this test's alone.
    const stack = JSON.parse(process.env.WORLDMAP_STACK ?? '{}') as { nonceSecret?: string }
    server = await startAppServer({
      serverEntry: join(serverDir(), 'index.mjs'),
      nonceSecret: stack.nonceSecret ?? 'server-hardening-test-secret'.padEnd(40, '0'),
    })
    // Warm up everything a refused POST touches, so the measurement sees the request alone.
    for (let i = 0; i < 3; i++) {
      await fetch(`${server.url}/api/sign-nonce`, { method: 'POST', body: 'x'.repeat(2048) }).then((r) => r.arrayBuffer())
      await upload(server.url, 4 * MiB, i % 2 === 0)
    }
  })
  afterAll(async () => {
    await server?.stop()
  })

  test.each([
    ['chunked, no Content-Length', false],
    ['Content-Length: 64 MiB', true],
  ])(
    'error: a 64 MiB POST to /api/sign-nonce (%s) → 413 at once, and the server grows by less than 16 MiB',
    async (_, contentLength) => {
      const rssBefore = procStatusKib(server.pid, 'VmRSS')
      // Reset the process's peak RSS to now: VmHWM then measures this request's peak.
      writeFileSync(`/proc/${server.pid}/clear_refs`, '5')
      const result = await upload(server.url, 64 * MiB, contentLength)
      const peakGrowth = procStatusKib(server.pid, 'VmHWM') - rssBefore
      const growth = procStatusKib(server.pid, 'VmRSS') - rssBefore
      console.info(
        `64 MiB POST (${contentLength ? 'Content-Length' : 'chunked'}): ${result.status} after ${(result.sent / MiB).toFixed(1)} MiB sent; ` +
          `server RSS ${rssBefore} KiB, peak +${peakGrowth} KiB, after +${growth} KiB`,
      )
      expect(result.status).toBe(413)
      expect(JSON.parse(result.body)).toEqual({ error: 'payload_too_large', message: 'Body must be at most 1024 bytes.' })
      // The server stopped reading: the client could only fill the socket buffers.
      expect(result.sent).toBeLessThan(32 * MiB)
      expect(peakGrowth).toBeLessThan(MEMORY_BUDGET_KIB)
      expect(growth).toBeLessThan(MEMORY_BUDGET_KIB)
    },
  )
})

describe('security headers on every response', () => {
  const responses = async () => {
    const html = await (await fetch(appUrl('/'))).text()
    const asset = html.match(/<script src="(\/assets\/[^"]+\.js)"/)?.[1]
    if (!asset) throw new Error('no module script in the HTML of /')
    const post = (body: string) =>
      fetch(appUrl('/api/sign-nonce'), { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return {
      '/': await fetch(appUrl('/')),
      [asset]: await fetch(appUrl(asset), { headers: { 'accept-encoding': 'br' } }),
      'POST /api/sign-nonce': await post('{"nonce":"9f86d081884c4d659a2feaa0c55ad015"}'),
      'POST /api/sign-nonce (bad body)': await post('{"nonce":"x"}'),
      'GET /api/sign-nonce': await fetch(appUrl('/api/sign-nonce')),
      'POST /api/sign-nonce (2 KiB)': await post('x'.repeat(2048)),
      '/no-such-page': await fetch(appUrl('/no-such-page')),
    }
  }

  test('default: pages, an asset, the API (200, 400, 405, 413) and a 404 carry the same headers', async () => {
    const all = await responses()
    expect(Object.entries(all).map(([name, response]) => [name, response.status])).toEqual([
      ['/', 200],
      [expect.stringMatching(/^\/assets\//), 200],
      ['POST /api/sign-nonce', 200],
      ['POST /api/sign-nonce (bad body)', 400],
      ['GET /api/sign-nonce', 405],
      ['POST /api/sign-nonce (2 KiB)', 413],
      ['/no-such-page', 404],
    ])
    const csp = all['/'].headers.get('content-security-policy')
    for (const [name, response] of Object.entries(all)) {
      const headers = response.headers
      expect({ name, csp: headers.get('content-security-policy') }).toEqual({ name, csp })
      expect(headers.get('x-content-type-options')).toBe('nosniff')
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expect(headers.get('x-frame-options')).toBe('DENY')
      expect(headers.get('permissions-policy')).toMatch(/^geolocation=\(self\), .*camera=\(\), microphone=\(\)/)
    }
    // The asset still comes precompressed: the headers did not get in the way of the static files.
    const asset = Object.values(all)[1]
    expect(asset?.headers.get('content-encoding')).toBe('br')
  })

  test('behavior: the CSP is strict, without a wildcard, and connect-src is exactly the configured backends', async () => {
    const page = await fetch(appUrl('/'))
    const csp = parseCsp(page.headers.get('content-security-policy'))
    // Inline, only the page's one inline script (the early-errors hook), by the hash of the text it was served with.
    const inline = [...(await page.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '')
    expect(inline).toHaveLength(1)
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64')
    expect(csp['script-src']).toEqual(["'self'", `'sha256-${hash}'`])
    expect(csp['default-src']).toEqual(["'self'"])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    expect(csp['worker-src']).toEqual(["'self'"])
    expect(csp['connect-src']).toEqual(["'self'", ...expectedBackendOrigins()])
    for (const sources of Object.values(csp)) for (const source of sources) expect(source).not.toContain('*')
  })
})

describe('the development usernames route is not in the production build', () => {
  /** Every file of the built server, as text. */
  const serverSources = () =>
    readdirSync(serverDir(), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(m?js)$/.test(file))
      .map((file) => ({ file, text: readFileSync(join(serverDir(), file), 'utf8') }))

  test('behavior: no trace of the route or the simulator in the server bundle', () => {
    const sources = serverSources()
    // The bundle is not minified: the app's own server code is there by name.
    expect(sources.some(({ text }) => text.includes('function createServerApp('))).toBe(true)
    const traces = sources.flatMap(({ file, text }) =>
      [
        'createDevUsernamesRoutes',
        'createSimulatorWallet',
        '@worldmap/simulator',
        '"simulator.dev"',
        // Its handlers and its mount; the SDK's usernames client (a caller of the service) may name the path.
        /\.(post|get)\(\s*["'`]\/api\/v1\/(query|:username)/,
        /\.route\(\s*["'`]\/api\/dev\/usernames/,
      ]
        .filter((needle) => (typeof needle === 'string' ? text.includes(needle) : needle.test(text)))
        .map((needle) => `${file}: ${needle}`),
    )
    expect(traces).toEqual([])
  })

  test('error: the production server answers its paths with the 404 page', async () => {
    const query = await fetch(appUrl('/api/dev/usernames/api/v1/query'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"addresses":["0x0000000000000000000000000000000000000001"]}',
    })
    expect(query.status).toBe(404)
    const byName = await fetch(appUrl('/api/dev/usernames/api/v1/simulator.dev'))
    expect(byName.status).toBe(404)
    expect(await byName.text()).toContain('Page not found')
  })
})

describe('the app under the policy, in Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })

  test('default: / signs in and /map draws, with no CSP violation (390×844 screenshots)', async () => {
    const session = await openSession(browser, { simulator: { privateKey: randomPrivateKey() }, username: 'csp.e2e' })
    const { page } = session
    try {
      await page.goto(appUrl('/'))
      await homeGreeting(page).waitFor()
      expect(await homeGreeting(page).textContent()).toBe('csp.e2e')
      await screenshot(page, 'hardening-home')
      await page.goto(appUrl('/map'))
      await page.locator('.map-view[data-map-state="loaded"]').waitFor()
      await screenshot(page, 'hardening-map')
      expect(session.cspViolations).toEqual([])
      // Every Permissions-Policy feature is one Chromium knows (else: a warning on every page).
      expect(session.console.filter((entry) => entry.text.includes('Permissions-Policy'))).toEqual([])
      expect(session.pageErrors).toEqual([])
    } finally {
      await session.close()
    }
  })
})
