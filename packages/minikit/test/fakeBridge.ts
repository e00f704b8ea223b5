// An in-memory bridge behind a fake `fetch`, for unit tests of the bridge
// session (fake timers, scripted failures, slow responses). It keeps the
// protocol's one-time read: after the completed response was handed out,
// the request is gone and further polls get 404. Integration tests use the
// real HTTP bridge in localBridge.ts instead.
import type { BridgeEnvelope } from '../src/bridge/bridgeSchemas.js'
import type { BridgeSession, BridgeSessionState } from '../src/bridge/createBridgeSession.js'
import { encryptBridgePayload } from '../src/bridge/encryptBridgePayload.js'

export const REQUEST_ID = '0b6f1d8e-8f0a-4c1e-9d1a-2d3c4b5a6f70'

/** One call the session made. */
export interface FakeCall {
  method: string
  url: string
  headers: Record<string, string>
  body: unknown
}

export type FakeHandler = (call: FakeCall) => Response | Promise<Response>

/**
 * A minimal Response: settles in microtasks only (a real Response body
 * reads through streams), so fake-timer tests stay deterministic.
 */
export const reply = (body: unknown, status = 200): Response =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response

/** A promise with its resolve function, for responses a test releases later. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  let reject: (reason: unknown) => void = () => undefined
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

export interface FakeBridge {
  calls: FakeCall[]
  /** GET /response calls so far. */
  readonly polls: number
  /** POST /request calls so far. */
  readonly creates: number
  fetch: typeof fetch
  /** Status reported while no response is stored. */
  status: string
  /** Handler for POST /request (default: a fixed request id). */
  create: FakeHandler
  /** Handler for GET /response/:id (default: {@link FakeBridge.defaultPoll}). */
  poll: FakeHandler
  /** The protocol: status until answered, then the completed response once, then 404. */
  defaultPoll: FakeHandler
  /** Store a raw envelope as the wallet's answer. */
  store(envelope: unknown): void
  /** Encrypt `value` with `key` (fresh IV, like the wallet) and store it. */
  answer(key: CryptoKey | null, value: unknown): Promise<BridgeEnvelope>
}

export function createFakeBridge(): FakeBridge {
  let stored: unknown
  let consumed = false
  const bridge: FakeBridge = {
    calls: [],
    get polls() {
      return bridge.calls.filter((call) => call.method === 'GET').length
    },
    get creates() {
      return bridge.calls.filter((call) => call.method === 'POST').length
    },
    status: 'initialized',
    create: () => reply({ request_id: REQUEST_ID }),
    defaultPoll: () => {
      if (stored !== undefined) {
        const response = stored
        stored = undefined
        consumed = true
        return reply({ status: 'completed', response })
      }
      return consumed ? reply(null, 404) : reply({ status: bridge.status, response: null })
    },
    poll: (call) => bridge.defaultPoll(call),
    store(envelope) {
      stored = envelope
    },
    async answer(key, value) {
      if (!key) throw new Error('no session key')
      const envelope = await encryptBridgePayload(key, JSON.stringify(value))
      stored = envelope
      return envelope
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: FakeCall = {
        method: init?.method ?? 'GET',
        url: String(input),
        headers: { ...(init?.headers as Record<string, string> | undefined) },
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      }
      bridge.calls.push(call)
      return call.method === 'POST' ? bridge.create(call) : bridge.poll(call)
    }) as typeof fetch,
  }
  return bridge
}

/**
 * Resolve with the first state that satisfies `predicate` (the current one
 * included). Driven by the session's own notifications, so it works under
 * fake timers while real WebCrypto work completes.
 */
export function until(session: BridgeSession, predicate: (state: BridgeSessionState) => boolean): Promise<BridgeSessionState> {
  return new Promise((resolve) => {
    if (predicate(session.getState())) return resolve(session.getState())
    const unsubscribe = session.subscribe((state) => {
      if (!predicate(state)) return
      unsubscribe()
      resolve(state)
    })
  })
}

/** Let pending promise callbacks run (no timers involved). */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve()
}

/** A proof as the wallet would send it. */
export const PROOF = {
  proof: `0x${'0a'.repeat(256)}`,
  merkle_root: `0x${'1b'.repeat(32)}`,
  nullifier_hash: `0x${'2c'.repeat(32)}`,
  verification_level: 'orb',
} as const
