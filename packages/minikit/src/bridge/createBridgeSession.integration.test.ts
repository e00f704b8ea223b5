// @vitest-environment node
// End to end over real HTTP: the session against the local bridge, with the
// test wallet answering the way World App does.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
// The local bridge and the bridge-side wallet are the host simulator's; its
// sources are imported directly (not the package) so the workspace has no
// dependency cycle between the SDK and the simulator built on it.
import { type LocalBridge, startLocalBridge } from '../../../simulator/src/node/startLocalBridge.js'
import { createBridgeWallet as createTestWallet } from '../../../simulator/src/worldId/createBridgeWallet.js'
import { verifySimulatedProof } from '../../../simulator/src/worldId/verifySimulatedProof.js'
import { until } from '../../test/fakeBridge.js'

const TEST_PROOF = {
  proof: `0x${'0a'.repeat(256)}`,
  merkle_root: `0x${'1b'.repeat(32)}`,
  nullifier_hash: `0x${'2c'.repeat(32)}`,
} as const

import { BridgeDecryptionError } from '../errors/bridge/BridgeDecryptionError.js'
import { BridgeExpiredError } from '../errors/bridge/BridgeExpiredError.js'
import { BridgeRequestError } from '../errors/bridge/BridgeRequestError.js'
import { type BridgeSessionConfig, createBridgeSession } from './createBridgeSession.js'

const APP_ID = 'app_staging_0123456789abcdef'
let bridge: LocalBridge

beforeEach(async () => {
  // The staging + localhost skip is logged on every createClient.
  vi.spyOn(console, 'log').mockImplementation(() => undefined)
  bridge = await startLocalBridge()
})

afterEach(async () => {
  await bridge.close()
})

const session = (config: Partial<BridgeSessionConfig> = {}) =>
  createBridgeSession({ app_id: APP_ID, action: 'vote', bridge_url: bridge.url, pollInterval: 10, ...config })

async function connectorOf(s: ReturnType<typeof session>): Promise<string> {
  const state = await until(s, (next) => next.connectorURI !== null)
  return state.connectorURI as string
}

describe('bridge session against a local bridge', () => {
  test('default', async () => {
    const s = session({ signal: 'test_signal', action_description: 'Vote once' })
    const done = s.start()
    const connectorURI = await connectorOf(s)
    expect(connectorURI).toContain(`&b=${encodeURIComponent(bridge.url)}`)
    expect(console.log).toHaveBeenCalledWith('Using staging app_id with localhost bridge_url. Skipping validation.')

    const request = await createTestWallet().open(connectorURI)
    expect(request.payload).toEqual({
      app_id: APP_ID,
      action_description: 'Vote once',
      action: 'vote',
      signal: '0x00c1636e0a961a3045054c4d61374422c31a95846b8442f0927ad2ff1d6112ed',
      credential_types: ['orb'],
      verification_level: 'orb',
    })
    expect(request.bridgeUrl).toBe(bridge.url)
    await until(s, (state) => state.verificationState === 'awaiting_app')

    const sent = await request.approve()
    const final = await done
    expect(final.verificationState).toBe('confirmed')
    expect(final.result).toEqual(sent)
    expect(final.result?.verification_level).toBe('orb')
    // The simulated identity's proof is bound to this app, action and signal.
    const verdict = await verifySimulatedProof(final.result as never, { appId: APP_ID, action: 'vote', signal: 'test_signal' })
    expect(verdict.success).toBe(true)
    expect(
      await verifySimulatedProof(final.result as never, { appId: APP_ID, action: 'other', signal: 'test_signal' }),
    ).toMatchObject({
      success: false,
      code: 'invalid_proof',
    })
    expect(final).toMatchObject({ key: null, requestId: null, connectorURI: null, errorCode: null, error: null })

    // The response was handed out once: a second read is a 404.
    const again = await fetch(`${bridge.url}/response/${request.requestId}`)
    expect(again.status).toBe(404)
  })

  test('behavior: an error_code answer fails with that code', async () => {
    const s = session()
    const done = s.start()
    const request = await createTestWallet().open(await connectorOf(s))
    await request.reject('verification_rejected')
    expect(await done).toMatchObject({ verificationState: 'failed', errorCode: 'verification_rejected', error: null })
  })

  test('parameters: verification_level device, legacy credential_type answer', async () => {
    const s = session({ verification_level: 'device' })
    const done = s.start()
    const request = await createTestWallet().open(await connectorOf(s))
    expect(request.payload.credential_types).toEqual(['orb', 'device'])
    const { proof, merkle_root, nullifier_hash } = TEST_PROOF
    await request.answer({ proof, merkle_root, nullifier_hash, credential_type: 'device' })
    expect((await done).result).toEqual({ ...TEST_PROOF, credential_type: 'device', verification_level: 'device' })
  })

  test('behavior: the bridge only ever sees ciphertext', async () => {
    const s = session({ signal: 'secret-signal', action_description: 'Vote once' })
    await s.createClient()
    const stored = bridge.peek(s.getState().requestId as string)
    expect(stored.status).toBe('initialized')
    expect(Object.keys(stored.request ?? {})).toEqual(['iv', 'payload'])
    expect(JSON.stringify(stored)).not.toContain('vote')
    expect(JSON.stringify(stored)).not.toContain(APP_ID)
  })

  test('behavior: the bridge time-to-live running out ends the session with connection_failed', async () => {
    await bridge.close()
    bridge = await startLocalBridge({ ttlMs: 50 })
    const s = session({ pollInterval: 100 })
    const final = await s.start()
    expect(final).toMatchObject({ verificationState: 'failed', errorCode: 'connection_failed' })
    expect(final.error).toBeInstanceOf(BridgeRequestError)
    expect((final.error as BridgeRequestError).status).toBe(404)
  })

  test('behavior: the session expiry ends it without waiting for the bridge', async () => {
    const s = session({ expiresAfter: 60, pollInterval: 20 })
    const final = await s.start()
    expect(final).toMatchObject({ verificationState: 'failed', errorCode: 'connection_failed' })
    expect(final.error).toBeInstanceOf(BridgeExpiredError)
  })

  test('error: a garbled wallet envelope is reported as a decryption failure', async () => {
    const s = session()
    const done = s.start()
    const request = await createTestWallet().open(await connectorOf(s))
    expect(await request.putEnvelope({ iv: 'AAAAAAAAAAAAAAAA', payload: 'AAAAAAAAAAAAAAAAAAAAAAAA' })).toBe(201)
    const final = await done
    expect(final).toMatchObject({ verificationState: 'failed', errorCode: 'unexpected_response' })
    expect(final.error).toBeInstanceOf(BridgeDecryptionError)
  })

  test('behavior: parallel sessions do not cross', async () => {
    const a = session({ action: 'a' })
    const b = session({ action: 'b' })
    const doneA = a.start()
    const doneB = b.start()
    const wallet = createTestWallet()
    const [requestA, requestB] = await Promise.all([wallet.open(await connectorOf(a)), wallet.open(await connectorOf(b))])
    expect(requestA.payload.action).toBe('a')
    expect(requestB.payload.action).toBe('b')
    await requestB.reject('max_verifications_reached')
    await requestA.approve({ nullifier_hash: '0xa' })
    expect((await doneA).result?.nullifier_hash).toBe('0xa')
    expect((await doneB).errorCode).toBe('max_verifications_reached')
  })
})

describe('startLocalBridge (the protocol the session relies on)', () => {
  const post = (body: unknown, contentType = 'application/json') =>
    fetch(`${bridge.url}/request`, { method: 'POST', headers: { 'Content-Type': contentType }, body: JSON.stringify(body) })
  const envelope = { iv: 'AAAAAAAAAAAAAAAA', payload: 'AQID' }

  test('default', async () => {
    const created = await post(envelope)
    expect(created.status).toBe(200)
    const { request_id } = (await created.json()) as { request_id: string }
    expect(request_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(await (await fetch(`${bridge.url}/response/${request_id}`)).json()).toEqual({ status: 'initialized', response: null })
    expect((await fetch(`${bridge.url}/request/${request_id}`, { method: 'HEAD' })).status).toBe(200)
    // The request is readable once; reading it marks the status retrieved.
    expect(await (await fetch(`${bridge.url}/request/${request_id}`)).json()).toEqual(envelope)
    expect((await fetch(`${bridge.url}/request/${request_id}`)).status).toBe(404)
    expect(await (await fetch(`${bridge.url}/response/${request_id}`)).json()).toEqual({ status: 'retrieved', response: null })
    const put = () =>
      fetch(`${bridge.url}/response/${request_id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(envelope),
      })
    expect((await put()).status).toBe(201)
    // Ids are case-insensitive (the bridge parses UUIDs).
    const completed = await fetch(`${bridge.url}/response/${request_id.toUpperCase()}`)
    expect(await completed.json()).toEqual({ status: 'completed', response: envelope })
    expect((await fetch(`${bridge.url}/response/${request_id}`)).status).toBe(404)
    expect((await put()).status).toBe(404)
  })

  test('behavior: a second answer is a conflict', async () => {
    const { request_id } = (await (await post(envelope)).json()) as { request_id: string }
    const put = () =>
      fetch(`${bridge.url}/response/${request_id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(envelope),
      })
    expect((await put()).status).toBe(201)
    expect((await put()).status).toBe(409)
  })

  test('behavior: entries expire after ttlMs', async () => {
    let now = 0
    await bridge.close()
    bridge = await startLocalBridge({ ttlMs: 1_000, now: () => now })
    const { request_id } = (await (await post(envelope)).json()) as { request_id: string }
    now = 999
    expect((await fetch(`${bridge.url}/response/${request_id}`)).status).toBe(200)
    now = 1_000
    expect((await fetch(`${bridge.url}/response/${request_id}`)).status).toBe(404)
    expect((await fetch(`${bridge.url}/request/${request_id}`)).status).toBe(404)
  })

  test.each<[string, () => Promise<Response>, number]>([
    ['an unknown id', () => fetch(`${bridge.url}/response/00000000-0000-4000-8000-000000000000`), 404],
    ['a malformed id', () => fetch(`${bridge.url}/response/not-a-uuid`), 400],
    ['an unknown route', () => fetch(`${bridge.url}/nothing`), 404],
    ['a body without payload', () => post({ iv: 'x' }), 422],
    [
      'a body that is not JSON',
      () => fetch(`${bridge.url}/request`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' }),
      400,
    ],
    ['a body without the JSON content type', () => post(envelope, 'text/plain'), 415],
    ['a DELETE', () => fetch(`${bridge.url}/response/00000000-0000-4000-8000-000000000000`, { method: 'DELETE' }), 405],
  ])('error: %s', async (_name, call, status) => {
    expect((await call()).status).toBe(status)
  })

  test('behavior: CORS for browser callers', async () => {
    const preflight = await fetch(`${bridge.url}/request`, { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('behavior: every call is logged', async () => {
    await fetch(`${bridge.url}/response/not-a-uuid`)
    expect(bridge.calls).toEqual([{ method: 'GET', path: '/response/not-a-uuid', status: 400 }])
  })
})
