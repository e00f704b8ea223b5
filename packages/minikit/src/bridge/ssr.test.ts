// @vitest-environment node
import { afterEach, describe, expect, test, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
})

describe('bridge entry on the server (no window, no document)', () => {
  test('default', async () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    const bridge = await import('../exports/bridge.js')
    const session = bridge.createBridgeSession({ app_id: 'app_123', action: 'vote' })
    expect(session.getState()).toEqual({
      iv: null,
      key: null,
      result: null,
      errorCode: null,
      requestId: null,
      connectorURI: null,
      bridge_url: 'https://bridge.worldcoin.org',
      verificationState: 'loading_widget',
      error: null,
    })
    expect(bridge.DEFAULT_BRIDGE_URL).toBe('https://bridge.worldcoin.org')
  })

  test('behavior: importing touches neither crypto nor fetch', async () => {
    vi.stubGlobal('crypto', undefined)
    vi.stubGlobal('fetch', undefined)
    const bridge = await import('../exports/bridge.js')
    // Creating a session (e.g. during render) has no side effects either.
    expect(bridge.createBridgeSession({ app_id: 'app_123', action: 'vote' }).getState().verificationState).toBe('loading_widget')
  })

  test('behavior: the whole flow runs in Node (WebCrypto on globalThis, no platform sniffing)', async () => {
    const { createBridgeSession } = await import('../exports/bridge.js')
    const fetch = vi.fn(async () => ({
      ok: true,
      status: 200,
      json: async () => ({ request_id: '0b6f1d8e-8f0a-4c1e-9d1a-2d3c4b5a6f70' }),
    }))
    const session = createBridgeSession({ app_id: 'app_123', action: 'vote', fetch: fetch as unknown as typeof globalThis.fetch })
    // Without a document the loop simply never pauses.
    const done = session.start()
    await vi.waitFor(() => expect(session.getState().verificationState).toBe('awaiting_connection'), { timeout: 5_000 })
    session.stop()
    expect((await done).connectorURI).toMatch(/^https:\/\/world\.org\/verify\?t=wld&i=0b6f1d8e-/)
  })

  test('error: Unsupported platform without a global crypto', async () => {
    vi.stubGlobal('crypto', undefined)
    const { createBridgeSession, UnsupportedPlatformError } = await import('../exports/bridge.js')
    const session = createBridgeSession({ app_id: 'app_123', action: 'vote', fetch: vi.fn() })
    await expect(session.createClient()).rejects.toBeInstanceOf(UnsupportedPlatformError)
    expect(session.getState()).toMatchObject({ verificationState: 'failed', errorCode: 'generic_error' })
  })
})
