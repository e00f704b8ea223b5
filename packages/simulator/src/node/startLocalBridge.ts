// A local World ID bridge: the same HTTP protocol as World's bridge
// (request/response endpoints, 300 s expiry, one-shot response), on
// 127.0.0.1, so bridge sessions work in dev and tests with no internet.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BridgeEnvelope } from '@worldmap/minikit/bridge'
import { z } from 'zod'

const bridgeEnvelopeSchema = z.object({ iv: z.string().min(1), payload: z.string().min(1) })

/** Options of {@link startLocalBridge}. */
export interface LocalBridgeOptions {
  /** Time-to-live of every stored key, in ms (the real bridge: 300 s). */
  ttlMs?: number
  /** Clock, for tests that move time without waiting. Default `Date.now`. */
  now?: () => number
}

/** One HTTP exchange, as the bridge saw it. */
export interface LocalBridgeCall {
  method: string
  path: string
  status: number
}

/** A running local bridge. */
export interface LocalBridge {
  /** Base URL, e.g. `http://127.0.0.1:54321` (no trailing slash). */
  url: string
  /** Every request served, in order. */
  calls: LocalBridgeCall[]
  /** What the bridge stores for a request id: proves it only ever sees ciphertext. */
  peek(requestId: string): { request?: BridgeEnvelope; status?: string; response?: BridgeEnvelope }
  close(): Promise<void>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, HEAD, OPTIONS',
}

class HttpError extends Error {
  constructor(readonly status: number) {
    super(String(status))
  }
}

/** Redis-like string store with per-key expiry; `getdel` reads a key once. */
function createStore(ttlMs: number, now: () => number) {
  const entries = new Map<string, { value: unknown; expiresAt: number }>()
  const live = (key: string) => {
    const entry = entries.get(key)
    if (entry && entry.expiresAt <= now()) entries.delete(key)
    return entries.get(key)
  }
  return {
    set(key: string, value: unknown) {
      entries.set(key, { value, expiresAt: now() + ttlMs })
    },
    get: (key: string): unknown => live(key)?.value,
    has: (key: string): boolean => live(key) !== undefined,
    getdel(key: string): unknown {
      const value = live(key)?.value
      entries.delete(key)
      return value
    },
    del(key: string) {
      entries.delete(key)
    },
  }
}

async function readEnvelope(req: IncomingMessage): Promise<BridgeEnvelope> {
  // The real bridge's JSON extractor answers 415 without this header.
  if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) throw new HttpError(415)
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  let body: unknown
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new HttpError(400)
  }
  const parsed = bridgeEnvelopeSchema.safeParse(body)
  if (!parsed.success) throw new HttpError(422)
  return { iv: parsed.data.iv, payload: parsed.data.payload }
}

/**
 * Start a bridge on 127.0.0.1 (random port) implementing:
 * `POST /request` → `{request_id}`; `GET /request/:id` (one-time, status
 * becomes `retrieved`); `HEAD /request/:id`; `PUT /response/:id` (stores the
 * wallet's envelope, status `completed`, 409 if answered already);
 * `GET /response/:id` → `{status, response}` with `response` null until
 * completed and the completed response handed out once (later reads 404).
 * Unknown or expired ids are 404, malformed ids 400; ids are lower-cased.
 *
 * @example
 * ```ts
 * const bridge = await startLocalBridge()
 * const session = createBridgeSession({ app_id: 'app_staging_x', action: 'vote', bridge_url: bridge.url })
 * // …
 * await bridge.close()
 * ```
 */
export async function startLocalBridge(options: LocalBridgeOptions = {}): Promise<LocalBridge> {
  const store = createStore(options.ttlMs ?? 300_000, options.now ?? Date.now)
  const calls: LocalBridgeCall[] = []

  async function route(req: IncomingMessage, res: ServerResponse): Promise<[number, unknown?]> {
    const method = req.method ?? 'GET'
    if (method === 'OPTIONS') return [204]
    const path = new URL(req.url ?? '/', 'http://bridge.local').pathname
    if (path === '/request' && method === 'POST') {
      const envelope = await readEnvelope(req)
      const id = randomUUID()
      store.set(`status:${id}`, 'initialized')
      store.set(`req:${id}`, envelope)
      return [200, { request_id: id }]
    }
    const match = /^\/(request|response)\/([^/]+)$/.exec(path)
    if (!match) return [404]
    const [, kind, rawId = ''] = match
    if (!UUID.test(rawId)) return [400]
    const id = rawId.toLowerCase()
    if (kind === 'request' && method === 'HEAD') return [store.has(`status:${id}`) ? 200 : 404]
    if (kind === 'request' && method === 'GET') {
      const envelope = store.getdel(`req:${id}`)
      if (envelope === undefined) return [404]
      store.set(`status:${id}`, 'retrieved')
      return [200, envelope]
    }
    if (kind === 'response' && method === 'PUT') {
      if (store.has(`res:${id}`)) return [409]
      // The real bridge stores answers for any id; refusing unknown ones catches wallet bugs in tests.
      if (!store.has(`status:${id}`)) return [404]
      store.set(`res:${id}`, await readEnvelope(req))
      // A stored response implies completion; the status key goes, as in the real bridge.
      store.del(`status:${id}`)
      return [201]
    }
    if (kind === 'response' && method === 'GET') {
      const response = store.getdel(`res:${id}`)
      if (response !== undefined) return [200, { status: 'completed', response }]
      const status = store.get(`status:${id}`)
      return status === undefined ? [404] : [200, { status, response: null }]
    }
    res.setHeader('Allow', 'GET, POST, PUT, HEAD')
    return [405]
  }

  const server = createServer((req, res) => {
    route(req, res)
      .catch((error: unknown) => [error instanceof HttpError ? error.status : 500] as [number])
      .then(([status, body]) => {
        calls.push({ method: req.method ?? 'GET', path: req.url ?? '/', status })
        res.writeHead(status, body === undefined ? CORS : { ...CORS, 'Content-Type': 'application/json' })
        res.end(body === undefined || req.method === 'HEAD' ? undefined : JSON.stringify(body))
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    peek(requestId) {
      const id = requestId.toLowerCase()
      const found: { request?: BridgeEnvelope; status?: string; response?: BridgeEnvelope } = {}
      const request = store.get(`req:${id}`)
      const status = store.get(`status:${id}`)
      const response = store.get(`res:${id}`)
      if (request !== undefined) found.request = request as BridgeEnvelope
      if (typeof status === 'string') found.status = status
      if (response !== undefined) found.response = response as BridgeEnvelope
      return found
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
