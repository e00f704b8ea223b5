import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { worldAppSimulator } from './worldAppSimulator.js'

type Handler = (request: IncomingMessage, response: ServerResponse) => void

/** The plugin's dev-server hooks, run against a fake server that records its middlewares. */
function mount(plugin: ReturnType<typeof worldAppSimulator>) {
  const routes = new Map<string, Handler>()
  const server = { middlewares: { use: (path: string, handler: Handler) => routes.set(path, handler) } }
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
    expect(config).toContain('"notifications":{"feedUrl":"/@worldmap/simulator/notifications"}')
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
})
