import type { Database } from 'firebase-admin/database'
import { beforeEach, describe, expect, test, vi } from 'vitest'

const database = { marker: 'admin database' } as unknown as Database
const getServerContext = vi.fn(() => ({ database }))
vi.mock('../firebase/getServerContext.js', () => ({ getServerContext }))

const env = {
  WORLDMAP_DROP_SEED: 's'.repeat(32),
  WORLDMAP_PUBLIC_ID_KEY: 'k'.repeat(32),
  WORLDMAP_VERIFIER: 'simulator',
  WORLDMAP_NONCE_SECRET: 'n'.repeat(32),
}

beforeEach(() => {
  // A fresh module per test: the context is memoised at module level.
  vi.resetModules()
  getServerContext.mockClear()
})

describe('getGameContext', () => {
  test('default', async () => {
    const { getGameContext } = await import('./getGameContext.js')
    const context = getGameContext(env)
    expect(context.database).toBe(database)
    expect(context.config).toEqual({
      dropSeed: env.WORLDMAP_DROP_SEED,
      publicIdKey: env.WORLDMAP_PUBLIC_ID_KEY,
      appId: 'app_staging_worldmap',
      verifyAction: 'verify-human',
      verifier: { mode: 'simulator' },
    })
    expect(typeof context.verifier).toBe('function')
    expect(getServerContext).toHaveBeenCalledWith(env)
  })

  test('behavior: built once per instance', async () => {
    const { getGameContext } = await import('./getGameContext.js')
    expect(getGameContext(env)).toBe(getGameContext({}))
    expect(getServerContext).toHaveBeenCalledOnce()
  })

  test('error: an invalid environment throws ConfigError and is retried on the next call', async () => {
    const { getGameContext } = await import('./getGameContext.js')
    const { ConfigError } = await import('../errors/ConfigError.js')
    expect(() => getGameContext({})).toThrow(ConfigError)
    expect(getServerContext).not.toHaveBeenCalled()
    expect(getGameContext(env).database).toBe(database)
  })
})
