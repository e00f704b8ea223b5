import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { type AppServer, createSsrHandler, DEFAULT_CACHE_CONTROL, type FunctionRequest } from './createSsrHandler.js'

let server: Server | undefined
afterEach(async () => {
  await new Promise((done) => (server ? server.close(done) : done(undefined)))
  server = undefined
})

/** Serve `handler` on a free port; `rawBody` as Cloud Functions would set it (read before the handler). */
async function serve(handler: (req: FunctionRequest, res: ServerResponse) => Promise<void>, { rawBody = true } = {}) {
  server = createServer(async (req: IncomingMessage & { rawBody?: Buffer }, res) => {
    if (rawBody) {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      req.rawBody = Buffer.concat(chunks)
    }
    await handler(req, res)
  })
  await new Promise((done) => server?.listen(0, '127.0.0.1', () => done(undefined)))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** An app server that echoes what it got. */
const echo: AppServer = {
  async fetch(request) {
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text()
    return Response.json(
      { url: request.url, method: request.method, body, header: request.headers.get('x-test') },
      { headers: { 'content-security-policy': "default-src 'self'" } },
    )
  },
}

describe('createSsrHandler', () => {
  test('default: the page URL comes from X-Forwarded-Host/-Proto (Hosting), headers and body pass through', async () => {
    const url = await serve(createSsrHandler({ load: async () => echo }))
    const response = await fetch(`${url}/map?drop=x`, {
      method: 'POST',
      body: '{"nonce":"abc"}',
      headers: { 'x-forwarded-host': 'worldmap.example, proxy.internal', 'x-forwarded-proto': 'https', 'x-test': 'yes' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      url: 'https://worldmap.example/map?drop=x',
      method: 'POST',
      body: '{"nonce":"abc"}',
      header: 'yes',
    })
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'")
    expect(response.headers.get('cache-control')).toBe(DEFAULT_CACHE_CONTROL)
  })

  test('behavior: without forwarding headers the request host is the page host (plain HTTP)', async () => {
    const url = await serve(createSsrHandler({ load: async () => echo }))
    const body = (await (await fetch(`${url}/`)).json()) as { url: string; body: unknown }
    expect(body).toMatchObject({ url: `${url}/`, body: null })
  })

  test.each([
    ['a host with a port', { 'x-forwarded-host': 'preview.example:5300' }, 'http://preview.example:5300/p?q=1'],
    ['an unknown scheme (ignored)', { 'x-forwarded-host': 'a.example', 'x-forwarded-proto': 'gopher' }, 'http://a.example/p?q=1'],
    ['a host that is not a host (ignored)', { 'x-forwarded-host': 'a b' }, null],
  ])('parameters: forwarded %s', async (_name, headers, expected) => {
    const url = await serve(createSsrHandler({ load: async () => echo }))
    const body = (await (await fetch(`${url}/p?q=1`, { headers })).json()) as { url: string }
    expect(body.url).toBe(expected ?? `${url}/p?q=1`)
  })

  test('behavior: a body that was not read ahead is streamed', async () => {
    const url = await serve(createSsrHandler({ load: async () => echo }), { rawBody: false })
    const body = (await (await fetch(`${url}/api/sign-nonce`, { method: 'POST', body: 'streamed' })).json()) as { body: string }
    expect(body.body).toBe('streamed')
  })

  test('behavior: the app’s own Cache-Control and every Set-Cookie are kept; HEAD has no body', async () => {
    const headers = new Headers({ 'cache-control': 'no-store' })
    headers.append('set-cookie', 'a=1')
    headers.append('set-cookie', 'b=2')
    const app: AppServer = { fetch: () => new Response('hello', { status: 201, headers }) }
    const url = await serve(createSsrHandler({ load: async () => app }))
    const response = await fetch(url)
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(await response.text()).toBe('hello')
    const head = await fetch(url, { method: 'HEAD' })
    expect(head.status).toBe(201)
    expect(await head.text()).toBe('')
  })

  test('behavior: a streamed page arrives whole', async () => {
    const parts = ['<!doctype html>', '<p>', 'x'.repeat(256 * 1024), '</p>']
    const app: AppServer = {
      fetch: () =>
        new Response(
          new ReadableStream({
            start(controller) {
              for (const part of parts) controller.enqueue(new TextEncoder().encode(part))
              controller.close()
            },
          }),
          { headers: { 'content-type': 'text/html' } },
        ),
    }
    const url = await serve(createSsrHandler({ load: async () => app }))
    expect(await (await fetch(url)).text()).toBe(parts.join(''))
  })

  test('error: an app server that fails to load is a plain 500, logged by name and message, and retried', async () => {
    const log = vi.fn()
    const load = vi
      .fn<() => Promise<AppServer>>()
      .mockRejectedValueOnce(new Error('WORLDMAP_APP_ORIGINS is not set'))
      .mockResolvedValue(echo)
    const url = await serve(createSsrHandler({ load, log }))
    const failed = await fetch(`${url}/`)
    expect(failed.status).toBe(500)
    expect(failed.headers.get('cache-control')).toBe('no-store')
    expect(await failed.text()).toBe('Internal Server Error')
    expect(log).toHaveBeenCalledWith('ssr: the app server failed', { error: 'Error: WORLDMAP_APP_ORIGINS is not set' })
    expect((await fetch(`${url}/`)).status).toBe(200)
    expect(load).toHaveBeenCalledTimes(2)
  })

  test('error: a failing fetch is a 500; a non-Error is logged as unknown', async () => {
    const log = vi.fn()
    const app: AppServer = {
      fetch: () => {
        throw 'boom'
      },
    }
    const url = await serve(createSsrHandler({ load: async () => app, log }))
    expect((await fetch(url)).status).toBe(500)
    expect(log).toHaveBeenCalledWith('ssr: the app server failed', { error: 'unknown error' })
  })

  test('error: a body that fails mid-stream ends the connection', async () => {
    const app: AppServer = {
      fetch: () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('partial'))
            },
            pull(controller) {
              // After the first chunk went out, so the status line has been sent.
              setTimeout(() => controller.error(new Error('render failed')), 20)
            },
          }),
        ),
    }
    const url = await serve(createSsrHandler({ load: async () => app }))
    await expect(fetch(url).then((response) => response.text())).rejects.toThrow()
  })
})
