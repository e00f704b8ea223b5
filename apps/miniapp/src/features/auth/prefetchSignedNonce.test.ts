import { afterEach, expect, test, vi } from 'vitest'
import { prefetchSignedNonce, resetPrefetchedNonce, takePrefetchedNonce } from './prefetchSignedNonce.js'

const URL_ = 'http://localhost:3000/api/sign-nonce'

afterEach(() => resetPrefetchedNonce())

/** A page: `WorldApp` when inside World App, and a fetch that records what it was asked. */
function page(inWorldApp = true) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    Response.json({ status: 'OK', signedNonce: 'f'.repeat(64) }),
  )
  return { target: { fetch, ...(inWorldApp ? { WorldApp: {} } : {}) } as unknown as typeof globalThis, fetch }
}

test('default: inside World App, one POST {nonce} to sign-nonce; the first sign-in takes it, once', async () => {
  const { target, fetch } = page()
  prefetchSignedNonce(URL_, { target, now: () => 0 })
  prefetchSignedNonce(URL_, { target, now: () => 0 })
  expect(fetch).toHaveBeenCalledTimes(1)
  const [url, init] = fetch.mock.calls[0] ?? []
  expect(url).toBe(URL_)
  expect(init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } })
  const { nonce } = JSON.parse(String(init?.body)) as { nonce: string }
  expect(nonce).toMatch(/^[0-9a-f]{32}$/)

  const taken = takePrefetchedNonce(() => 1_000)
  expect(taken?.nonce).toBe(nonce)
  expect(await (await taken?.reply)?.response.json()).toEqual({ status: 'OK', signedNonce: 'f'.repeat(64) })
  // A nonce is signed for one sign-in: a second attempt asks the server itself.
  expect(takePrefetchedNonce(() => 2_000)).toBeUndefined()
})

test('behavior: outside World App nothing is sent and nothing is taken', () => {
  const { target, fetch } = page(false)
  prefetchSignedNonce(URL_, { target })
  expect(fetch).not.toHaveBeenCalled()
  expect(takePrefetchedNonce()).toBeUndefined()
})

test('behavior: older than 2 minutes on the page clock it is not used (nor later), so the sign-in fits the server’s 10', () => {
  const { target } = page()
  prefetchSignedNonce(URL_, { target, now: () => 0 })
  expect(takePrefetchedNonce(() => 2 * 60_000 + 1)).toBeUndefined()
  expect(takePrefetchedNonce(() => 0)).toBeUndefined()
})

test('behavior: a failed prefetch is no unhandled rejection; the sign-in that takes it sees the failure', async () => {
  const fetch = vi.fn(async () => {
    throw new TypeError('Failed to fetch')
  })
  prefetchSignedNonce(URL_, { target: { fetch, WorldApp: {} } as unknown as typeof globalThis, now: () => 0 })
  await new Promise((resolve) => setTimeout(resolve, 0))
  await expect(takePrefetchedNonce(() => 0)?.reply).rejects.toThrow('Failed to fetch')
})
