// @vitest-environment node
import { createBridgeSession } from '@worldmap/minikit/bridge'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createSimulator } from '../host/createSimulator.js'
import { verifySimulatedProof } from '../worldId/verifySimulatedProof.js'
import { type LocalBridge, startLocalBridge } from './startLocalBridge.js'

const APP_ID = 'app_staging_worldmap_bridge'
let bridge: LocalBridge

beforeEach(async () => {
  bridge = await startLocalBridge()
  vi.spyOn(console, 'log').mockImplementation(() => {})
})
afterEach(() => bridge.close())

describe('simulated World ID over the local bridge', () => {
  test('behavior: the simulator identity answers a bridge session with a proof the verifier accepts', async () => {
    const simulator = createSimulator({ window: {} as Window, identity: { seed: 'bridge-person' } })
    const session = createBridgeSession({
      app_id: APP_ID,
      action: 'collect-drops',
      signal: 'uid-1',
      bridge_url: bridge.url,
      pollInterval: 20,
    })
    const done = session.start()
    await vi.waitFor(() => expect(session.getState().connectorURI).toBeTruthy(), { timeout: 5_000 })
    const request = await simulator.openBridgeRequest(session.getState().connectorURI as string)
    expect(request.payload).toMatchObject({
      app_id: APP_ID,
      action: 'collect-drops',
      verification_level: 'orb',
      credential_types: ['orb'],
    })
    await request.approve()
    const final = await done
    expect(final.verificationState).toBe('confirmed')
    const proof = final.result as { proof: string; merkle_root: string; nullifier_hash: string; verification_level: string }
    expect(await verifySimulatedProof(proof, { appId: APP_ID, action: 'collect-drops', signal: 'uid-1' })).toMatchObject({
      success: true,
    })
    expect(await verifySimulatedProof(proof, { appId: APP_ID, action: 'collect-drops', signal: 'uid-2' })).toMatchObject({
      success: false,
      code: 'invalid_proof',
    })
  })

  test('behavior: a declined request fails the session with verification_rejected', async () => {
    const simulator = createSimulator({ window: {} as Window })
    const session = createBridgeSession({ app_id: APP_ID, action: 'collect-drops', bridge_url: bridge.url, pollInterval: 20 })
    const done = session.start()
    await vi.waitFor(() => expect(session.getState().connectorURI).toBeTruthy(), { timeout: 5_000 })
    await (await simulator.openBridgeRequest(session.getState().connectorURI as string)).reject('verification_rejected')
    expect(await done).toMatchObject({ verificationState: 'failed', errorCode: 'verification_rejected' })
  })

  test('error: the response is handed out once, then 404', async () => {
    const response = await fetch(`${bridge.url}/request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ iv: 'aXY=', payload: 'cGF5bG9hZA==' }),
    })
    const { request_id } = (await response.json()) as { request_id: string }
    const put = await fetch(`${bridge.url}/response/${request_id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ iv: 'aXY=', payload: 'YW5zd2Vy' }),
    })
    expect(put.status).toBe(201)
    expect((await fetch(`${bridge.url}/response/${request_id}`)).status).toBe(200)
    expect((await fetch(`${bridge.url}/response/${request_id}`)).status).toBe(404)
  })
})
