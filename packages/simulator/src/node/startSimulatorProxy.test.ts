// @vitest-environment node
// The reverse proxy against a local upstream (no internet): what it injects,
// what it leaves alone, and a Chromium page that sees World App through it.
import { randomBytes } from 'node:crypto'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { InvalidTargetUrlError } from './errors/InvalidTargetUrlError.js'
import { ProxyStartError } from './errors/ProxyStartError.js'
import { findBrowser } from './findBrowser.js'
import { SIMULATOR_SCRIPT_PATH } from './injectSimulatorBootstrap.js'
import { DEFAULT_PROXY_PORT } from './proxyPort.js'
import { readSimulatorScript } from './readSimulatorScript.js'
import { type SimulatorProxy, startSimulatorProxy } from './startSimulatorProxy.js'

// What the page's first script sees.
const PROBE = `<script>window.seenAtStart = { host: typeof window.WorldApp, os: window.WorldApp && window.WorldApp.device_os }</script>`
const PAGE = `<!doctype html><html><head>${PROBE}<title>app</title></head><body>app</body></html>`
// Under the app's own strict CSP, its first script is a file, as the CSP demands.
const STRICT_PAGE = PAGE.replace(PROBE, '<script src="/probe.js"></script>')
const BINARY = randomBytes(64 * 1024)

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 })
let upstream: Server
let upstreamUrl: string
let proxy: SimulatorProxy
const seen: { method: string; url: string; host?: string; origin?: string; body: string }[] = []

beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      host: req.headers.host,
      origin: req.headers.origin,
      body: Buffer.concat(chunks).toString(),
    })
    switch (new URL(req.url ?? '/', 'http://upstream').pathname) {
      case '/':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: '"v1"' }).end(PAGE)
        return
      case '/strict':
        res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'" }).end(STRICT_PAGE)
        return
      case '/probe.js':
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(PROBE.slice('<script>'.length, -'</script>'.length))
        return
      case '/gzip':
        // A server that compresses whatever the client asked for.
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(PAGE))
        return
      case '/binary':
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BINARY.length }).end(BINARY)
        return
      case '/redirect':
        res.writeHead(302, { location: `${upstreamUrl}/?from=redirect`, 'set-cookie': 'sid=1; Domain=app.example; Path=/' }).end()
        return
      case '/elsewhere':
        res.writeHead(302, { location: 'https://login.example/authorize' }).end()
        return
      case '/echo':
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen.at(-1)))
        return
      default:
        res.writeHead(404).end()
    }
  })
  // Echoes whatever is sent after the handshake, like a dev server's HMR socket would answer.
  upstream.on('upgrade', (req, socket) => {
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nupgrade: ${req.headers.upgrade}\r\nconnection: Upgrade\r\nx-host: ${req.headers.host}\r\n\r\n`,
    )
    socket.on('data', (data) => socket.write(Buffer.concat([Buffer.from('echo:'), data])))
    // The proxy hanging up is the end of this socket too.
    socket.on('end', () => socket.end())
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  // Any free port: the default (4390) is the user's, and tests run side by side.
  proxy = await startSimulatorProxy({ target: `${upstreamUrl}/`, port: 0, config: { os: 'android', geolocation: false } })
})

afterAll(async () => {
  await proxy?.close()
  await new Promise((resolve) => upstream?.close(resolve))
})

const get = (path: string, init?: RequestInit) => fetch(`${proxy.origin}${path}`, { redirect: 'manual', ...init })

describe('http', () => {
  test('default: HTML gets the simulator right after <head>, before the first page script', async () => {
    const response = await get('/')
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toMatch(
      new RegExp(
        `^<!doctype html><html><head><script nonce="[^"]+">window.__WORLDMAP_SIMULATOR__=\\{"mode":"interactive","os":"android","geolocation":false\\}</script><script nonce="[^"]+" src="${SIMULATOR_SCRIPT_PATH}"></script>${PROBE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    )
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(html)))
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('etag')).toBeNull()
    expect(proxy.url).toBe(`${proxy.origin}/`)
  })

  test('behavior: the simulator is served from its reserved path', async () => {
    const response = await get(SIMULATOR_SCRIPT_PATH)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await response.text()).toBe(readSimulatorScript())
  })

  test('behavior: asks upstream for identity encoding, and decodes a server that compresses anyway', async () => {
    const response = await get('/gzip')
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(await response.text()).toContain(`src="${SIMULATOR_SCRIPT_PATH}"></script>${PROBE}`)
  })

  test('behavior: other content streams through byte for byte', async () => {
    const response = await get('/binary')
    expect(response.headers.get('content-type')).toBe('application/octet-stream')
    expect(response.headers.get('content-length')).toBe(String(BINARY.length))
    expect(Buffer.from(await response.arrayBuffer()).equals(BINARY)).toBe(true)
  })

  test('behavior: a redirect to the target comes back to the proxy; cookies lose their Domain', async () => {
    const response = await get('/redirect')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${proxy.origin}/?from=redirect`)
    expect(response.headers.get('set-cookie')).toBe('sid=1; Path=/')
  })

  test('behavior: a redirect elsewhere is left alone', async () => {
    expect((await get('/elsewhere')).headers.get('location')).toBe('https://login.example/authorize')
  })

  test('behavior: method, body, Host and Origin reach the target as if the page were there', async () => {
    const response = await get('/echo', { method: 'POST', body: 'hello', headers: { origin: proxy.origin } })
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/echo',
      host: new URL(upstreamUrl).host,
      origin: upstreamUrl,
      body: 'hello',
    })
  })

  test('behavior: the CSP lets the injected scripts in by nonce, nothing more', async () => {
    const response = await get('/strict')
    const html = await response.text()
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1]
    expect(nonce).toBeTruthy()
    expect(response.headers.get('content-security-policy')).toBe(`default-src 'self'; script-src 'self' 'nonce-${nonce}'`)
    // A fresh nonce per response.
    const again = await (await get('/strict')).text()
    expect(/<script nonce="([^"]+)">/.exec(again)?.[1]).not.toBe(nonce)
  })

  test('behavior: WebSocket upgrades (dev-server hot reload) are tunnelled', async () => {
    const { host, reply } = await new Promise<{ host: string; reply: string }>((resolve, reject) => {
      const req = request(`${proxy.origin}/hmr`, { headers: { connection: 'Upgrade', upgrade: 'websocket' } })
      req.on('upgrade', (response, socket) => {
        socket.once('data', (data) => {
          resolve({ host: String(response.headers['x-host']), reply: data.toString() })
          socket.destroy()
        })
        socket.write('ping')
      })
      req.on('error', reject)
      req.end()
    })
    expect(host).toBe(new URL(upstreamUrl).host)
    expect(reply).toBe('echo:ping')
  })

  test('error: upstream down is a 502 that says so', async () => {
    const down = await startSimulatorProxy({ target: 'http://127.0.0.1:1/', port: 0 })
    try {
      const response = await fetch(down.url)
      expect(response.status).toBe(502)
      expect(await response.text()).toMatch(
        /^worldmap-simulator proxy: cannot reach http:\/\/127\.0\.0\.1:1: connect ECONNREFUSED/,
      )
    } finally {
      await down.close()
    }
  })

  test('error: the port is taken: the message names it and what to do', async () => {
    const port = Number(new URL(proxy.origin).port)
    const error = await startSimulatorProxy({ target: upstreamUrl, port }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProxyStartError)
    expect(error).toMatchObject({
      code: 'cli_proxy_start_failed',
      shortMessage: `Port ${port} is already in use on 127.0.0.1: the proxy cannot listen there.`,
      host: '127.0.0.1',
      port,
      reason: 'EADDRINUSE',
      metaMessages: [
        'Stop what uses it, or pick another port with --port <port> (--port 0 for any free one).',
        'A backend that checks the sign-in (SIWE) domain must then allow the new origin too.',
      ],
    })
  })

  test("error: an address that is not this machine's", async () => {
    // 192.0.2.0/24 is reserved for documentation (RFC 5737): never a local address.
    const error = await startSimulatorProxy({ target: upstreamUrl, host: '192.0.2.1', port: 0 }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(ProxyStartError)
    expect((error as ProxyStartError).shortMessage).toBe(
      '192.0.2.1 is not an address of this machine: the proxy cannot listen on 192.0.2.1:0.',
    )
  })

  test('error: only http and https targets', async () => {
    await expect(startSimulatorProxy({ target: 'file:///etc/hosts' })).rejects.toThrow(InvalidTargetUrlError)
  })
})

describe('port', () => {
  test('default: the proxy listens on 4390, the same origin run after run, so a backend can allow it once', async () => {
    const origins: string[] = []
    for (let run = 0; run < 2; run++) {
      const started = await startSimulatorProxy({ target: `${upstreamUrl}/` })
      try {
        origins.push(started.origin)
        expect(started.url).toBe(`http://127.0.0.1:${DEFAULT_PROXY_PORT}/`)
        expect((await fetch(started.url)).status).toBe(200)
      } finally {
        await started.close()
      }
    }
    expect(DEFAULT_PROXY_PORT).toBe(4390)
    expect(origins).toEqual(['http://127.0.0.1:4390', 'http://127.0.0.1:4390'])
  })
})

describe('chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: ['--no-sandbox'] })
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })

  test.each(['/', '/strict', '/redirect'])(
    'behavior: a page opened at %s through the proxy has World App from its first script',
    async (path) => {
      const page = await browser.newPage()
      try {
        const errors: string[] = []
        page.on('pageerror', (error) => errors.push(error.message))
        await page.goto(`${proxy.origin}${path}`)
        expect(await page.evaluate(() => (window as unknown as { seenAtStart: unknown }).seenAtStart)).toEqual({
          host: 'object',
          os: 'android',
        })
        expect(await page.evaluate(() => typeof (window as unknown as { worldmapSimulator?: unknown }).worldmapSimulator)).toBe(
          'object',
        )
        expect(errors).toEqual([])
      } finally {
        await page.close()
      }
    },
  )

  test('behavior: through the default port, the host of the page, which a SIWE message names as its domain, is 127.0.0.1:4390', async () => {
    const stable = await startSimulatorProxy({ target: `${upstreamUrl}/` })
    const page = await browser.newPage()
    try {
      await page.goto(stable.url)
      expect(await page.evaluate(() => [window.location.origin, window.location.host])).toEqual([
        'http://127.0.0.1:4390',
        '127.0.0.1:4390',
      ])
    } finally {
      await page.close()
      await stable.close()
    }
  })
})
