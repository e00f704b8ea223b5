import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { worldAppSimulator } from './worldAppSimulator.js'

type Handler = (request: IncomingMessage, response: ServerResponse) => void

/** The plugin's dev-server hooks, run against a fake server that records its middlewares. */
function mount(plugin: ReturnType<typeof worldAppSimulator>) {
  const routes = new Map<string, Handler>()
  // No workspace at this root: nothing for recoverAfterBuilds to watch (recoverAfterBuilds.test.ts covers it).
  const server = {
    config: { root: '/nonexistent' },
    middlewares: { use: (path: string, handler: Handler) => routes.set(path, handler) },
  }
  ;(plugin.configureServer as unknown as (server: unknown) => void)(server)
  const html = (plugin.transformIndexHtml as unknown as () => Array<{ children?: string }>)()
  return { routes, config: html[0]?.children ?? '' }
}

/** A response that resolves with what was written. */
function response() {
  let done: (value: { status: number; body: string }) => void = () => {}
  const ended = new Promise<{ status: number; body: string }>((resolve) => {
    done = resolve
  })
  const fake = {
    statusCode: 200,
    setHeader: vi.fn(),
    end(body: string) {
      done({ status: fake.statusCode, body })
    },
  }
  return { fake: fake as unknown as ServerResponse, ended }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('worldAppSimulator', () => {
  test('default: serves the simulator script and puts the config in the page; no notifications route', () => {
    const { routes, config } = mount(worldAppSimulator({ os: 'ios' }))
    expect([...routes.keys()]).toEqual(['/@worldmap/simulator.js'])
    expect(config).toBe('window.__WORLDMAP_SIMULATOR__ = {"os":"ios"}')
  })

  test('behavior: with the stand-in, the page polls a same-origin route that passes the record on', async () => {
    const fetch = vi.fn(async () => new Response('{"deliveries":[1]}'))
    vi.stubGlobal('fetch', fetch)
    const { routes, config } = mount(worldAppSimulator({ os: 'ios' }, { notificationsUrl: 'http://127.0.0.1:8555/' }))
    expect(config).toContain(
      '"notifications":{"feedUrl":"/@worldmap/simulator/notifications","streakReminderUrl":"/@worldmap/simulator/streak-reminder"}',
    )
    const { fake, ended } = response()
    routes.get('/@worldmap/simulator/notifications')?.({ url: '/?wallet=0xabc' } as IncomingMessage, fake)
    expect(await ended).toEqual({ status: 200, body: '{"deliveries":[1]}' })
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:8555/__worldmap/notifications?wallet=0xabc')
  })

  test('error: a stand-in that is down answers 502 with no deliveries', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('down'))),
    )
    const { routes } = mount(worldAppSimulator({}, { notificationsUrl: 'http://127.0.0.1:8555' }))
    const { fake, ended } = response()
    routes.get('/@worldmap/simulator/notifications')?.({ url: '/' } as IncomingMessage, fake)
    expect(await ended).toEqual({ status: 502, body: '{"deliveries":[]}' })
  })

  test('behavior: Show streak reminder posts {wallet} through a same-origin route to the stand-in’s hook', async () => {
    const fetch = vi.fn(async () => new Response('{"shown":true,"message":"Sent"}'))
    vi.stubGlobal('fetch', fetch)
    const { routes } = mount(worldAppSimulator({}, { notificationsUrl: 'http://127.0.0.1:8555' }))
    const { fake, ended } = response()
    routes.get('/@worldmap/simulator/streak-reminder')?.(post('{"wallet":"0xabc"}'), fake)
    expect(await ended).toEqual({ status: 200, body: '{"shown":true,"message":"Sent"}' })
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:8555/__worldmap/streak-reminder', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"wallet":"0xabc"}',
    })
  })

  test('error: another site’s page, a form post or a GET never reaches the hook', async () => {
    const fetch = vi.fn(async () => new Response('{}'))
    vi.stubGlobal('fetch', fetch)
    const { routes } = mount(worldAppSimulator({}, { notificationsUrl: 'http://127.0.0.1:8555' }))
    const cases: [IncomingMessage, number][] = [
      [post('{}', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), 403],
      [post('{}', { origin: 'null' }), 403],
      [post('{}', { 'sec-fetch-site': 'same-site' }), 403],
      [post('wallet=0xabc', { 'content-type': 'text/plain' }), 415],
      [post('x'.repeat(2_000)), 413],
      [Object.assign(post(''), { method: 'GET' }), 405],
    ]
    for (const [request, status] of cases) {
      const { fake, ended } = response()
      routes.get('/@worldmap/simulator/streak-reminder')?.(request, fake)
      expect((await ended).status).toBe(status)
    }
    expect(fetch).not.toHaveBeenCalled()
  })
})

/** A POST from the page at localhost:3000 (same origin unless `headers` say otherwise). */
function post(body: string, headers: Record<string, string> = {}): IncomingMessage {
  const request = Readable.from([body]) as unknown as IncomingMessage
  request.method = 'POST'
  request.headers = {
    host: 'localhost:3000',
    origin: 'http://localhost:3000',
    'sec-fetch-site': 'same-origin',
    'content-type': 'application/json',
    ...headers,
  }
  return request
}
