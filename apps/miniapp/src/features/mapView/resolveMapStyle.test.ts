import { afterEach, describe, expect, test, vi } from 'vitest'
import { DEFAULT_MAP_STYLE_URL, resolveMapStyle } from './resolveMapStyle.js'

const remoteStyle = { version: 8, name: 'Liberty', sources: { openmaptiles: { type: 'vector' } }, layers: [{ id: 'x' }] }

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

afterEach(() => {
  vi.useRealTimers()
})

describe('resolveMapStyle', () => {
  test('default: the configured style document when it loads', async () => {
    const fetch = vi.fn(async () => json(remoteStyle))
    const result = await resolveMapStyle({ url: DEFAULT_MAP_STYLE_URL, fetch })
    expect(result).toEqual({ source: 'remote', url: 'https://tiles.openfreemap.org/styles/liberty', style: remoteStyle })
    expect(fetch).toHaveBeenCalledWith(DEFAULT_MAP_STYLE_URL, { signal: expect.any(AbortSignal) })
  })

  test('behavior: no URL configured skips the network', async () => {
    const fetch = vi.fn()
    const result = await resolveMapStyle({ url: null, fetch })
    expect(result).toMatchObject({ source: 'local', reason: 'No map style configured.' })
    expect(fetch).not.toHaveBeenCalled()
  })

  test('error: an HTTP error falls back to the local style', async () => {
    const result = await resolveMapStyle({ url: 'https://tiles.test/style.json', fetch: async () => json({}, 503) })
    expect(result).toMatchObject({ source: 'local', reason: 'Map style request failed with HTTP 503.' })
  })

  test('error: a document that is not a style falls back', async () => {
    const result = await resolveMapStyle({
      url: 'https://tiles.test/style.json',
      fetch: async () => json({ version: 7, layers: [] }),
    })
    expect(result).toMatchObject({ source: 'local', reason: 'Map style is not a MapLibre style document.' })
  })

  test('error: an unreachable server falls back', async () => {
    const result = await resolveMapStyle({
      url: 'https://tiles.test/style.json',
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    expect(result).toMatchObject({ source: 'local', reason: 'Map style could not be fetched: Failed to fetch' })
  })

  test('error: a server that never answers falls back after the timeout', async () => {
    vi.useFakeTimers()
    const fetch = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const pending = resolveMapStyle({ url: 'https://tiles.test/style.json', fetch, timeoutMs: 1500 })
    await vi.advanceTimersByTimeAsync(1499)
    expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(pending).resolves.toMatchObject({ source: 'local', reason: 'Map style did not load within 1500 ms.' })
  })
})
