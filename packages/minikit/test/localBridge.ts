// A real World ID bridge on 127.0.0.1, plus a test wallet that answers
// through it. The bridge keeps the wallet-bridge contract the session is
// built against (routes, one-time reads, per-key TTLs, lower-cased ids), so
// integration tests exercise real HTTP, real JSON and real AES-GCM. The host
// simulator package is meant to reuse (or take over) this file; it depends
// only on node:http, node:crypto and the bridge modules.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as z from 'zod/mini'
import { importBridgeKey } from '../src/bridge/bridgeKey.js'
import { type BridgeEnvelope, bridgeEnvelopeSchema } from '../src/bridge/bridgeSchemas.js'
import type { BridgeRequestPayload } from '../src/bridge/buildBridgeRequestPayload.js'
import { DEFAULT_BRIDGE_URL } from '../src/bridge/constants.js'
import { decryptBridgePayload } from '../src/bridge/decryptBridgePayload.js'
import { encryptBridgePayload } from '../src/bridge/encryptBridgePayload.js'
import type { BridgeSuccessResult } from '../src/bridge/parseBridgeResult.js'
import { VerificationLevel } from '../src/support/constants.js'
import { CredentialType } from '../src/support/verificationLevels.js'

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

// What a wallet insists on before answering: the request the SDK must send.
const requestPayloadSchema = z.object({
  app_id: z.string().check(z.startsWith('app_')),
  action_description: z.optional(z.string()),
  action: z.string(),
  signal: z.string().check(z.regex(/^0x[0-9a-f]{64}$/)),
  credential_types: z.array(z.enum(Object.values(CredentialType) as [CredentialType, ...CredentialType[]])).check(z.minLength(1)),
  verification_level: z.enum(Object.values(VerificationLevel) as [VerificationLevel, ...VerificationLevel[]]),
})
const KEY_ORDER = ['app_id', 'action_description', 'action', 'signal', 'credential_types', 'verification_level']

/** Options of {@link createTestWallet}. */
export interface TestWalletOptions {
  /** The fetch to use. Default: the global fetch. */
  fetch?: typeof fetch
  /** Bridge for connector URIs without `b` (the default bridge, which tests cannot reach). */
  bridgeUrl?: string
}

/** A request the test wallet has fetched and decrypted, ready to be answered. */
export interface WalletRequest {
  requestId: string
  /** The bridge the wallet talks to (`b`, else the option, else the default bridge). */
  bridgeUrl: string
  key: CryptoKey
  /** The decrypted, checked request. */
  payload: BridgeRequestPayload
  /** Answer with a proof (defaults filled in, level = the requested one); resolves with what was sent. */
  approve(overrides?: Partial<BridgeSuccessResult> & Record<string, unknown>): Promise<BridgeSuccessResult>
  /** Answer with `{ error_code }`. */
  reject(errorCode: string): Promise<void>
  /** Answer with any JSON value, encrypted with the session key. */
  answer(value: unknown): Promise<void>
  /** PUT a raw envelope (for malformed-response tests). */
  putEnvelope(envelope: unknown): Promise<number>
}

/** The default proof a test wallet returns. */
export const TEST_PROOF = {
  proof: `0x${'0a'.repeat(256)}`,
  merkle_root: `0x${'1b'.repeat(32)}`,
  nullifier_hash: `0x${'2c'.repeat(32)}`,
} as const

/**
 * A stand-in for World App: opens a connector URI (`t`, `i`, `k`, `b`),
 * fetches the one-time request from the bridge, decrypts it with the key
 * from `k`, checks it (shape and key order), and answers with a result or an
 * `error_code` encrypted under its own IV — exactly what the real wallet does.
 *
 * @example
 * ```ts
 * const request = await createTestWallet().open(session.getState().connectorURI!)
 * await request.approve()
 * ```
 */
export function createTestWallet(options: TestWalletOptions = {}) {
  const fetcher = options.fetch ?? globalThis.fetch
  return {
    async open(connectorURI: string): Promise<WalletRequest> {
      const params = new URL(connectorURI).searchParams
      const requestId = params.get('i')
      const k = params.get('k')
      if (params.get('t') !== 'wld' || !requestId || !k) throw new Error(`Not a connector URI: ${connectorURI}`)
      const bridgeUrl = params.get('b') ?? options.bridgeUrl ?? DEFAULT_BRIDGE_URL
      const key = await importBridgeKey(k)
      const fetched = await fetcher(new URL(`/request/${requestId}`, bridgeUrl))
      if (!fetched.ok) throw new Error(`GET /request/${requestId} answered ${fetched.status}`)
      const plaintext = JSON.parse(await decryptBridgePayload(key, await fetched.json())) as Record<string, unknown>
      // Only action_description may be absent; nothing may be added or reordered.
      const expected = KEY_ORDER.filter((name) => name !== 'action_description' || name in plaintext)
      if (Object.keys(plaintext).join() !== expected.join()) {
        throw new Error(`Unexpected request keys: ${Object.keys(plaintext).join(', ')}`)
      }
      const checked = requestPayloadSchema.safeParse(plaintext)
      if (!checked.success) throw new Error(`Invalid request payload: ${JSON.stringify(checked.error.issues)}`)
      const payload = plaintext as unknown as BridgeRequestPayload

      async function putEnvelope(envelope: unknown): Promise<number> {
        const put = await fetcher(new URL(`/response/${requestId}`, bridgeUrl), {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(envelope),
        })
        return put.status
      }
      async function answer(value: unknown): Promise<void> {
        const status = await putEnvelope(await encryptBridgePayload(key, JSON.stringify(value)))
        if (status !== 201) throw new Error(`PUT /response/${requestId} answered ${status}`)
      }
      return {
        requestId,
        bridgeUrl,
        key,
        payload,
        async approve(overrides = {}) {
          const result = { ...TEST_PROOF, verification_level: payload.verification_level, ...overrides } as BridgeSuccessResult
          await answer(result)
          return result
        },
        reject: (errorCode) => answer({ error_code: errorCode }),
        answer,
        putEnvelope,
      }
    },
  }
}
