import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, type MockInstance, test, vi } from 'vitest'
import { createFakeBridge, deferred, type FakeBridge, PROOF, REQUEST_ID, reply, settle } from '../../test/fakeBridge.js'
import { BaseError } from '../errors/BaseError.js'
import { BridgeDecryptionError } from '../errors/bridge/BridgeDecryptionError.js'
import { BridgeRequestError } from '../errors/bridge/BridgeRequestError.js'
import { BridgeResponseError } from '../errors/bridge/BridgeResponseError.js'
import { BridgeUrlError } from '../errors/bridge/BridgeUrlError.js'
import { CryptoUnavailableError } from '../errors/bridge/CryptoUnavailableError.js'
import { MissingKeypairError } from '../errors/bridge/MissingKeypairError.js'
import { UnsupportedPlatformError } from '../errors/bridge/UnsupportedPlatformError.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { bytesToBase64 } from './base64.js'
import { exportBridgeKey, generateBridgeKey } from './bridgeKey.js'
import { type BridgeSessionConfig, type BridgeSessionState, createBridgeSession } from './createBridgeSession.js'
import { decryptBridgePayload } from './decryptBridgePayload.js'
import { encryptBridgePayload } from './encryptBridgePayload.js'

const APP_ID = 'app_0123456789abcdef'
const INITIAL: BridgeSessionState = {
  iv: null,
  key: null,
  result: null,
  errorCode: null,
  requestId: null,
  connectorURI: null,
  bridge_url: 'https://bridge.worldcoin.org',
  verificationState: 'loading_widget',
  error: null,
}

let bridge: FakeBridge
let errorSpy: MockInstance
let warnSpy: MockInstance
let logSpy: MockInstance

beforeEach(() => {
  bridge = createFakeBridge()
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  logSpy = vi.spyOn(console, 'log').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const session = (config: Partial<BridgeSessionConfig> = {}) =>
  createBridgeSession({ app_id: APP_ID, action: 'vote', fetch: bridge.fetch, ...config })

/** Run `promise`, expect a rejection, return the reason. */
async function rejection(promise: Promise<unknown>): Promise<BaseError> {
  const reason = await promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )
  expect(reason).toBeInstanceOf(BaseError)
  return reason as BaseError
}

describe('createBridgeSession', () => {
  test('default', () => {
    const s = session()
    expect(s.getState()).toEqual(INITIAL)
    expect(Object.isFrozen(s.getState())).toBe(true)
    // The same snapshot until something changes (useSyncExternalStore relies on it).
    expect(s.getState()).toBe(s.getState())
    expect(bridge.calls).toEqual([])
  })

  describe('createClient', () => {
    test('default', async () => {
      const s = session()
      const state = await s.createClient()
      expect(state).toBe(s.getState())
      expect(state.verificationState).toBe('awaiting_connection')
      expect(state.requestId).toBe(REQUEST_ID)
      expect(state.iv).toBeInstanceOf(Uint8Array)
      expect(state.iv).toHaveLength(12)
      expect(state.key?.algorithm).toEqual({ name: 'AES-GCM', length: 256 })
      expect(state.key?.extractable).toBe(true)
      expect(state.bridge_url).toBe('https://bridge.worldcoin.org')
      expect(state.errorCode).toBeNull()
      expect(state.result).toBeNull()
      const k = await exportBridgeKey(state.key as CryptoKey)
      expect(k).toHaveLength(44)
      expect(state.connectorURI).toBe(`https://world.org/verify?t=wld&i=${REQUEST_ID}&k=${encodeURIComponent(k)}`)
    })

    test('behavior: POSTs the encrypted request as {iv, payload} JSON to /request', async () => {
      const s = session({ signal: 'test_signal', action_description: 'Vote once' })
      await s.createClient()
      expect(bridge.calls).toHaveLength(1)
      const [call] = bridge.calls
      expect(call?.method).toBe('POST')
      expect(call?.url).toBe('https://bridge.worldcoin.org/request')
      expect(call?.headers).toEqual({ 'Content-Type': 'application/json' })
      const body = call?.body as { iv: string; payload: string }
      expect(Object.keys(body)).toEqual(['iv', 'payload'])
      // The session IV is the one the request was encrypted with.
      expect(body.iv).toBe(bytesToBase64(s.getState().iv as Uint8Array))
      const plaintext = await decryptBridgePayload(s.getState().key as CryptoKey, body)
      expect(plaintext).toBe(
        JSON.stringify({
          app_id: APP_ID,
          action_description: 'Vote once',
          action: 'vote',
          signal: '0x00c1636e0a961a3045054c4d61374422c31a95846b8442f0927ad2ff1d6112ed',
          credential_types: ['orb'],
          verification_level: 'orb',
        }),
      )
    })

    test('parameters: verification_level and ABI action', async () => {
      const s = session({ verification_level: 'device', action: { types: ['uint256'], values: [7] } })
      await s.createClient()
      const payload = JSON.parse(
        await decryptBridgePayload(s.getState().key as CryptoKey, (bridge.calls[0] as { body: unknown }).body),
      )
      expect(payload).toMatchObject({ action: 'uint256(7)', credential_types: ['orb', 'device'], verification_level: 'device' })
      expect(Object.keys(payload)).toEqual(['app_id', 'action', 'signal', 'credential_types', 'verification_level'])
    })

    test('parameters: custom bridge (only warns off World domains), partner, connectBaseUrl', async () => {
      const s = session({
        bridge_url: 'https://bridge.example.com/',
        partner: true,
        connectBaseUrl: 'https://staging.world.org/verify',
      })
      const state = await s.createClient()
      expect(bridge.calls[0]?.url).toBe('https://bridge.example.com/request')
      expect(state.bridge_url).toBe('https://bridge.example.com/')
      const k = encodeURIComponent(await exportBridgeKey(state.key as CryptoKey))
      expect(state.connectorURI).toBe(
        `https://staging.world.org/verify?t=wld&i=${REQUEST_ID}&k=${k}&b=https%3A%2F%2Fbridge.example.com&partner=true`,
      )
      expect(warnSpy).toHaveBeenCalledWith(
        'Bridge URL should be a subdomain of worldcoin.org or toolsforhumanity.com. The wallet may refuse to connect to other hosts.',
      )
      expect(errorSpy).not.toHaveBeenCalled()
    })

    test('parameters: the default bridge given explicitly, with a trailing slash, adds no b', async () => {
      const state = await session({ bridge_url: 'https://bridge.worldcoin.org/' }).createClient()
      expect(state.connectorURI).not.toContain('&b=')
      expect(warnSpy).not.toHaveBeenCalled()
    })

    test('parameters: staging app id with a localhost bridge skips validation, with a log line', async () => {
      const s = session({ app_id: 'app_staging_123', bridge_url: 'http://localhost:4000' })
      const state = await s.createClient()
      expect(logSpy).toHaveBeenCalledWith('Using staging app_id with localhost bridge_url. Skipping validation.')
      expect(bridge.calls[0]?.url).toBe('http://localhost:4000/request')
      expect(state.connectorURI).toContain('&b=http%3A%2F%2Flocalhost%3A4000')
    })

    test('behavior: listeners see loading_widget → awaiting_connection; unsubscribe stops them', async () => {
      const s = session()
      const seen: string[] = []
      const unsubscribe = s.subscribe((state, previous) => seen.push(`${previous.verificationState}→${state.verificationState}`))
      await s.createClient()
      expect(seen).toEqual(['loading_widget→awaiting_connection'])
      unsubscribe()
      s.reset()
      expect(seen).toHaveLength(1)
    })

    test('behavior: a second createClient starts a fresh request with a new key', async () => {
      const s = session()
      const first = await s.createClient()
      const second = await s.createClient()
      expect(bridge.creates).toBe(2)
      expect(second.key).not.toBe(first.key)
      expect(second.connectorURI).not.toBe(first.connectorURI)
    })

    test.each<[string, string, string[]]>([
      ['unparsable', 'bridge', ['Failed to parse Bridge URL.']],
      ['http', 'http://bridge.worldcoin.org', ['Bridge URL must use HTTPS.']],
      ['a port', 'https://bridge.worldcoin.org:8443', ['Bridge URL must use the default port (443).']],
      ['a path', 'https://bridge.worldcoin.org/v2', ['Bridge URL must not have a path.']],
      ['a query', 'https://bridge.worldcoin.org/?a=b', ['Bridge URL must not have query parameters.']],
      ['a fragment', 'https://bridge.worldcoin.org/#x', ['Bridge URL must not have a fragment.']],
      [
        'several problems',
        'http://bridge.worldcoin.org:80/x?y#z',
        [
          'Bridge URL must use HTTPS.',
          'Bridge URL must not have a path.',
          'Bridge URL must not have query parameters.',
          'Bridge URL must not have a fragment.',
        ],
      ],
    ])('error: invalid bridge_url (%s)', async (_name, bridge_url, issues) => {
      const s = session({ bridge_url })
      const error = await rejection(s.createClient())
      expect(error).toBeInstanceOf(BridgeUrlError)
      expect(error.shortMessage).toBe('Invalid bridge_url. Please check the console for more details.')
      expect(error.code).toBe('bridge_url_invalid')
      expect((error as BridgeUrlError).issues).toEqual(issues)
      expect(errorSpy).toHaveBeenCalledExactlyOnceWith(issues.join('\n'))
      expect(s.getState()).toEqual({ ...INITIAL, verificationState: 'failed', errorCode: 'generic_error', error })
      expect(bridge.calls).toEqual([])
    })

    test('behavior: any bridge_url either fails typed before any request, or is called at its origin', async () => {
      const SPEC = [
        'Failed to parse Bridge URL.',
        'Bridge URL must use HTTPS.',
        'Bridge URL must use the default port (443).',
        'Bridge URL must not have a path.',
        'Bridge URL must not have query parameters.',
        'Bridge URL must not have a fragment.',
      ]
      const url = fc.oneof(
        fc.string(),
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.domain().map((d) => `https://${d}`),
      )
      await fc.assert(
        fc.asyncProperty(url, async (bridge_url) => {
          bridge.calls.length = 0
          const s = session({ bridge_url })
          const outcome = await s.createClient().catch((error: unknown) => error)
          if (outcome instanceof BridgeUrlError) {
            expect(outcome.issues.length).toBeGreaterThan(0)
            for (const issue of outcome.issues) expect(SPEC).toContain(issue)
            expect(bridge.calls).toEqual([])
            expect(s.getState()).toMatchObject({ verificationState: 'failed', errorCode: 'generic_error' })
            return
          }
          expect(outcome).toBe(s.getState())
          // What was validated is what is called: the origin, with nothing silently dropped.
          const parsed = new URL(bridge_url)
          parsed.username = ''
          parsed.password = ''
          expect(bridge.calls.map((call) => call.url.replace(/\/\/[^/@]*@/, '//'))).toEqual([`${parsed.origin}/request`])
        }),
        { numRuns: 150 },
      )
    })

    test.each<[string, () => Response | Promise<Response>, number | undefined, string]>([
      ['the bridge answers 500', () => reply({}, 500), 500, 'The bridge answered 500.'],
      [
        'the network fails',
        () => {
          throw new TypeError('fetch failed')
        },
        undefined,
        'The bridge could not be reached.',
      ],
      ['the body has no request_id', () => reply({ id: REQUEST_ID }), 200, 'The bridge did not return a valid request_id.'],
      [
        'the request_id is not a UUID',
        () => reply({ request_id: '../../admin' }),
        200,
        'The bridge did not return a valid request_id.',
      ],
      [
        'the body is not JSON',
        () => ({ ok: true, status: 200, json: () => Promise.reject(new SyntaxError('x')) }) as unknown as Response,
        200,
        'The bridge did not return a valid request_id.',
      ],
    ])('error: Failed to create client when %s', async (_name, create, status, details) => {
      bridge.create = create
      const s = session()
      const error = await rejection(s.createClient())
      expect(error).toBeInstanceOf(BridgeRequestError)
      expect(error.shortMessage).toBe('Failed to create client')
      expect(error.details).toBe(details)
      expect((error as BridgeRequestError).status).toBe(status)
      expect((error as BridgeRequestError).operation).toBe('create')
      // IDKit leaves errorCode null here; we say generic_error so a failed state always has a code.
      expect(s.getState()).toEqual({ ...INITIAL, verificationState: 'failed', errorCode: 'generic_error', error })
    })

    test('error: Unsupported platform', async () => {
      vi.stubGlobal('crypto', undefined)
      const s = session()
      const error = await rejection(s.createClient())
      expect(error).toBeInstanceOf(UnsupportedPlatformError)
      expect(error.shortMessage).toBe('Unsupported platform')
      expect(s.getState()).toMatchObject({ verificationState: 'failed', errorCode: 'generic_error', error })
      expect(bridge.calls).toEqual([])
    })

    test('error: Crypto API not available', async () => {
      vi.stubGlobal('crypto', {})
      const s = session()
      const error = await rejection(s.createClient())
      expect(error).toBeInstanceOf(CryptoUnavailableError)
      expect(error.shortMessage).toBe('Crypto API not available. For React Native, ensure polyfills are set up properly.')
      expect(s.getState().verificationState).toBe('failed')
    })

    test('error: unknown verification level', async () => {
      const s = session({ verification_level: 'face' as 'orb' })
      const error = await rejection(s.createClient())
      expect(error).toBeInstanceOf(InvalidPayloadError)
      expect(error.shortMessage).toBe('Unknown verification level: face')
      expect(s.getState()).toMatchObject({ verificationState: 'failed', errorCode: 'generic_error' })
    })

    test('behavior: a createClient superseded by reset leaves the state alone', async () => {
      const gate = deferred<Response>()
      bridge.create = () => gate.promise
      const s = session()
      const pending = s.createClient()
      await vi.waitFor(() => expect(bridge.creates).toBe(1), { timeout: 5_000 })
      s.reset()
      gate.resolve(reply({ request_id: REQUEST_ID }))
      await pending
      expect(s.getState()).toEqual(INITIAL)
    })

    test('behavior: a failing createClient superseded by reset still rejects, without touching the state', async () => {
      const gate = deferred<Response>()
      bridge.create = () => gate.promise
      const s = session()
      const pending = s.createClient()
      await vi.waitFor(() => expect(bridge.creates).toBe(1), { timeout: 5_000 })
      s.reset()
      gate.resolve(reply({}, 503))
      expect((await rejection(pending)).shortMessage).toBe('Failed to create client')
      expect(s.getState()).toEqual(INITIAL)
    })
  })

  describe('pollForUpdates', () => {
    test('default', async () => {
      const s = session()
      await s.createClient()
      const state = await s.pollForUpdates()
      expect(state.verificationState).toBe('awaiting_connection')
      expect(bridge.calls[1]).toMatchObject({ method: 'GET', url: `https://bridge.worldcoin.org/response/${REQUEST_ID}` })
    })

    test.each<[string, string]>([
      ['initialized', 'awaiting_connection'],
      ['retrieved', 'awaiting_app'],
      ['something_new', 'awaiting_connection'],
    ])('parameters: status %s → %s', async (status, verificationState) => {
      const s = session()
      await s.createClient()
      bridge.status = status
      expect((await s.pollForUpdates()).verificationState).toBe(verificationState)
    })

    test('behavior: awaiting_app can go back to awaiting_connection (spec: any other status)', async () => {
      const s = session()
      await s.createClient()
      bridge.status = 'retrieved'
      await s.pollForUpdates()
      bridge.status = 'initialized'
      expect((await s.pollForUpdates()).verificationState).toBe('awaiting_connection')
    })

    test('behavior: completed with a result → confirmed; key, requestId and connectorURI cleared', async () => {
      const s = session()
      const created = await s.createClient()
      await bridge.answer(created.key, PROOF)
      const state = await s.pollForUpdates()
      expect(state).toEqual({
        ...INITIAL,
        iv: created.iv,
        result: PROOF,
        verificationState: 'confirmed',
      })
      expect(state.result).toEqual(PROOF)
    })

    test('behavior: a legacy credential_type result gets its verification_level', async () => {
      const s = session({ verification_level: 'device' })
      const created = await s.createClient()
      const { verification_level: _, ...legacy } = PROOF
      await bridge.answer(created.key, { ...legacy, credential_type: 'device' })
      expect((await s.pollForUpdates()).result).toEqual({ ...legacy, credential_type: 'device', verification_level: 'device' })
    })

    test.each(['verification_rejected', 'max_verifications_reached', 'inclusion_proof_pending', 'new_wallet_code'])(
      'behavior: completed with error_code %s → failed with that code',
      async (code) => {
        const s = session()
        const created = await s.createClient()
        await bridge.answer(created.key, { error_code: code })
        const state = await s.pollForUpdates()
        expect(state).toMatchObject({ verificationState: 'failed', errorCode: code, error: null, result: null })
      },
    )

    test.each<[string, () => Response | Promise<Response>, number | undefined]>([
      ['404 (expired, or already read)', () => reply(null, 404), 404],
      ['500', () => reply({}, 500), 500],
      [
        'a network failure',
        () => {
          throw new TypeError('fetch failed')
        },
        undefined,
      ],
    ])('error: a failed poll (%s) → failed, connection_failed', async (_name, poll, status) => {
      const s = session()
      await s.createClient()
      bridge.poll = poll
      const state = await s.pollForUpdates()
      expect(state.verificationState).toBe('failed')
      expect(state.errorCode).toBe('connection_failed')
      expect(state.error).toBeInstanceOf(BridgeRequestError)
      expect(state.error?.shortMessage).toBe('Failed to poll the bridge.')
      expect((state.error as BridgeRequestError).status).toBe(status)
      expect((state.error as BridgeRequestError).operation).toBe('poll')
    })

    test.each<[string, unknown]>([
      ['no status', { response: null }],
      ['a numeric status', { status: 3, response: null }],
      ['not an object', 'completed'],
    ])('error: a poll body with %s → failed, unexpected_response', async (_name, body) => {
      const s = session()
      await s.createClient()
      bridge.poll = () => reply(body)
      const state = await s.pollForUpdates()
      expect(state).toMatchObject({ verificationState: 'failed', errorCode: 'unexpected_response' })
      expect(state.error).toBeInstanceOf(BridgeRequestError)
      expect(state.error?.details).toBe('The bridge sent an unexpected body.')
    })

    test.each<[string, unknown, string]>([
      ['response null', null, 'The envelope is not { iv: string, payload: string }.'],
      ['missing payload', { iv: 'AAAAAAAAAAAAAAAA' }, 'The envelope is not { iv: string, payload: string }.'],
      ['bad base64', { iv: 'AAAAAAAAAAAAAAAA', payload: '***' }, 'The envelope payload is not base64.'],
    ])(
      'error: completed with a malformed envelope (%s) is a decryption failure, not connection_failed',
      async (_name, envelope, details) => {
        const s = session()
        await s.createClient()
        bridge.store(envelope)
        const state = await s.pollForUpdates()
        expect(state).toMatchObject({ verificationState: 'failed', errorCode: 'unexpected_response' })
        expect(state.error).toBeInstanceOf(BridgeDecryptionError)
        expect(state.error?.details).toBe(details)
      },
    )

    test('error: completed under another key → BridgeDecryptionError', async () => {
      const s = session()
      await s.createClient()
      await bridge.answer(await generateBridgeKey(), PROOF)
      const state = await s.pollForUpdates()
      expect(state).toMatchObject({ verificationState: 'failed', errorCode: 'unexpected_response' })
      expect(state.error).toBeInstanceOf(BridgeDecryptionError)
      expect(state.error?.details).toBe('Authentication failed: wrong key or tampered ciphertext.')
    })

    test('error: completed with a tampered ciphertext → BridgeDecryptionError', async () => {
      const s = session()
      const created = await s.createClient()
      const envelope = await encryptBridgePayload(created.key as CryptoKey, JSON.stringify(PROOF))
      const tampered = envelope.payload.startsWith('A') ? `B${envelope.payload.slice(1)}` : `A${envelope.payload.slice(1)}`
      bridge.store({ ...envelope, payload: tampered })
      const state = await s.pollForUpdates()
      expect(state.error).toBeInstanceOf(BridgeDecryptionError)
    })

    test('error: a decrypted answer that is not a result → unexpected_response', async () => {
      const s = session()
      const created = await s.createClient()
      await bridge.answer(created.key, { hello: 'world' })
      const state = await s.pollForUpdates()
      expect(state).toMatchObject({ verificationState: 'failed', errorCode: 'unexpected_response' })
      expect(state.error).toBeInstanceOf(BridgeResponseError)
    })

    test('error: a weaker credential than requested → credential_unavailable', async () => {
      const s = session({ verification_level: 'orb' })
      const created = await s.createClient()
      await bridge.answer(created.key, { ...PROOF, verification_level: 'device' })
      const state = await s.pollForUpdates()
      expect(state).toMatchObject({ verificationState: 'failed', errorCode: 'credential_unavailable', result: null })
    })

    test('error: No keypair found before createClient', async () => {
      const error = await rejection(session().pollForUpdates())
      expect(error).toBeInstanceOf(MissingKeypairError)
      expect(error.shortMessage).toBe('No keypair found. Please call `createClient` first.')
      expect(error.code).toBe('missing_keypair')
      expect(bridge.calls).toEqual([])
    })

    test('error: No keypair found after reset', async () => {
      const s = session()
      await s.createClient()
      s.reset()
      expect(await rejection(s.pollForUpdates())).toBeInstanceOf(MissingKeypairError)
    })

    test('behavior: concurrent calls share one request (the response is handed out once)', async () => {
      const gate = deferred<Response>()
      const s = session()
      const created = await s.createClient()
      await bridge.answer(created.key, PROOF)
      bridge.poll = async (call) => {
        await gate.promise
        return bridge.defaultPoll(call)
      }
      const first = s.pollForUpdates()
      const second = s.pollForUpdates()
      expect(second).toBe(first)
      gate.resolve(reply(null))
      expect((await first).verificationState).toBe('confirmed')
      expect(bridge.polls).toBe(1)
    })

    test('behavior: terminal states stay terminal — no request after confirmed, so no stale 404', async () => {
      const s = session()
      const created = await s.createClient()
      await bridge.answer(created.key, PROOF)
      const confirmed = await s.pollForUpdates()
      // The bridge would now answer 404 (one-time read); IDKit would poll and flip to failed.
      expect(await s.pollForUpdates()).toBe(confirmed)
      expect(await s.pollForUpdates()).toBe(confirmed)
      expect(bridge.polls).toBe(1)
    })

    test('behavior: a late response after reset is ignored', async () => {
      const gate = deferred<void>()
      const s = session()
      const created = await s.createClient()
      await bridge.answer(created.key, PROOF)
      bridge.poll = async (call) => {
        await gate.promise
        return bridge.defaultPoll(call)
      }
      const pending = s.pollForUpdates()
      await settle()
      s.reset()
      gate.resolve()
      await pending
      expect(s.getState()).toEqual(INITIAL)
    })

    test('behavior: a late response for a superseded request is ignored', async () => {
      const gate = deferred<void>()
      const s = session()
      const first = await s.createClient()
      await bridge.answer(first.key, { error_code: 'verification_rejected' })
      bridge.poll = async (call) => {
        await gate.promise
        return bridge.defaultPoll(call)
      }
      const pending = s.pollForUpdates()
      await settle()
      await s.createClient()
      gate.resolve()
      await pending
      expect(s.getState().verificationState).toBe('awaiting_connection')
    })

    test('behavior: an unchanged status notifies nobody', async () => {
      const s = session()
      await s.createClient()
      const listener = vi.fn()
      s.subscribe(listener)
      const before = s.getState()
      await s.pollForUpdates()
      await s.pollForUpdates()
      expect(listener).not.toHaveBeenCalled()
      expect(s.getState()).toBe(before)
    })

    test('behavior: a throwing listener is reported and does not stop the others', async () => {
      const s = session()
      const boom = new Error('listener bug')
      const after = vi.fn()
      s.subscribe(() => {
        throw boom
      })
      s.subscribe(after)
      await s.createClient()
      expect(after).toHaveBeenCalledTimes(1)
      expect(errorSpy).toHaveBeenCalledWith(boom)
      expect(s.getState().verificationState).toBe('awaiting_connection')
    })

    test('behavior: errors in the state never carry the key', async () => {
      const s = session()
      const created = await s.createClient()
      const k = await exportBridgeKey(created.key as CryptoKey)
      await bridge.answer(await generateBridgeKey(), PROOF)
      const { error } = await s.pollForUpdates()
      expect(`${error?.message} ${JSON.stringify(error)}`).not.toContain(k)
      expect(`${error?.message}`).not.toContain(encodeURIComponent(k))
    })
  })

  describe('reset', () => {
    test('default', async () => {
      const s = session()
      const created = await s.createClient()
      await bridge.answer(created.key, PROOF)
      await s.pollForUpdates()
      s.reset()
      expect(s.getState()).toEqual(INITIAL)
    })

    test('behavior: also restores the default bridge_url (IDKit keeps the custom one)', async () => {
      const s = session({ bridge_url: 'https://bridge.example.com' })
      expect((await s.createClient()).bridge_url).toBe('https://bridge.example.com')
      s.reset()
      expect(s.getState().bridge_url).toBe('https://bridge.worldcoin.org')
      expect(s.getState()).toEqual(INITIAL)
    })

    test('behavior: from failed, and a new createClient works afterwards', async () => {
      bridge.create = () => reply({}, 500)
      const s = session()
      await s.createClient().catch(() => undefined)
      s.reset()
      expect(s.getState()).toEqual(INITIAL)
      bridge.create = () => reply({ request_id: REQUEST_ID })
      expect((await s.createClient()).verificationState).toBe('awaiting_connection')
    })
  })
})
