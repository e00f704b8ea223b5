// useVerificationSession over the real `createBridgeSession` of
// @worldmap/minikit/bridge, with the bridge's HTTP API stubbed through the
// session's `fetch` option.
import { act, renderHook, waitFor } from '@testing-library/react'
import { type BridgeSession, encryptBridgePayload } from '@worldmap/minikit/bridge'
import { expect, test, vi } from 'vitest'
import { useVerificationSession } from './useVerificationSession.js'

const REQUEST_ID = '0f8b3c9e-2a4d-4b6e-8c1f-3d5e7a9b1c2d'
const proof = { proof: '0x01', merkle_root: '0x02', nullifier_hash: '0x03', verification_level: 'orb' }

/** A bridge that answers: created, then retrieved, then the encrypted proof. */
function createBridge(getSession: () => BridgeSession) {
  let polls = 0
  return vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const href = String(url)
    if (href.endsWith('/request')) {
      expect(init?.method).toBe('POST')
      return Response.json({ request_id: REQUEST_ID })
    }
    expect(href).toBe(`https://bridge.worldcoin.org/response/${REQUEST_ID}`)
    polls += 1
    if (polls === 1) return Response.json({ status: 'retrieved' })
    const { key } = getSession().getState()
    if (!key) throw new Error('no key')
    return Response.json({ status: 'completed', response: await encryptBridgePayload(key, JSON.stringify(proof)) })
  })
}

test('default: a config creates a real bridge session that renders through to confirmed', async () => {
  let session: BridgeSession | undefined
  const fetch = createBridge(() => session as BridgeSession)
  const config = { app_id: 'app_staging_test' as const, action: 'collect-drop', fetch, pollInterval: 5 }
  const rendered: Array<string | null> = []
  const { result } = renderHook(() => {
    const value = useVerificationSession({ ...config })
    rendered.push(value.connectorURI)
    return value
  })
  session = result.current.session
  expect(result.current).toMatchObject({ verificationState: 'loading_widget', connectorURI: null, requestId: null })
  let done: Promise<unknown> | undefined
  act(() => {
    // start() creates the bridge request, then polls until confirmed.
    done = result.current.start()
  })
  await waitFor(() => expect(result.current.verificationState).toBe('confirmed'))
  await expect(done).resolves.toMatchObject({ verificationState: 'confirmed' })
  expect(rendered.some((uri) => uri?.startsWith('https://world.org/verify?') && uri.includes(REQUEST_ID))).toBe(true)
  expect(result.current.result).toMatchObject(proof)
  expect(result.current.connectorURI).toBeNull()
  // The same config value on every render kept one session.
  expect(result.current.session).toBe(session)
})

test('behavior: a config with another value starts a new session; unmount stops polling', async () => {
  const fetch = vi.fn(async (url: string | URL | Request) =>
    String(url).endsWith('/request') ? Response.json({ request_id: REQUEST_ID }) : Response.json({ status: 'initialized' }),
  )
  const { result, rerender, unmount } = renderHook(
    ({ signal }) => useVerificationSession({ app_id: 'app_staging_test', action: 'collect', signal, fetch, pollInterval: 5 }),
    { initialProps: { signal: '0xaaa' } },
  )
  const first = result.current.session
  await act(async () => {
    await result.current.createClient()
  })
  act(() => {
    void result.current.start()
  })
  await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(2))
  rerender({ signal: '0xbbb' })
  expect(result.current.session).not.toBe(first)
  expect(result.current.verificationState).toBe('loading_widget')
  // The replaced session stopped polling.
  const calls = fetch.mock.calls.length
  await new Promise((resolve) => setTimeout(resolve, 40))
  expect(fetch.mock.calls.length).toBe(calls)
  unmount()
})
