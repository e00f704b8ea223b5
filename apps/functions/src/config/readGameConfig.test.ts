import { describe, expect, test } from 'vitest'
import { ConfigError } from '../errors/ConfigError.js'
import { readGameConfig } from './readGameConfig.js'

const seed = 'd'.repeat(32)

function configErrorOf(env: Record<string, string | undefined>): unknown {
  try {
    readGameConfig(env)
  } catch (error) {
    return error
  }
  throw new Error('expected readGameConfig to throw')
}

describe('readGameConfig', () => {
  test('default', () => {
    expect(readGameConfig({ WORLDMAP_DROP_SEED: seed, WORLDMAP_APP_ID: 'app_123', OTHER: 'x' })).toEqual({
      dropSeed: seed,
      appId: 'app_123',
      verifyAction: 'verify-human',
      verifier: { mode: 'developer-portal', baseUrl: 'https://developer.worldcoin.org' },
    })
  })

  test('parameters: simulator mode with local defaults', () => {
    expect(readGameConfig({ WORLDMAP_DROP_SEED: seed, WORLDMAP_VERIFIER: 'simulator' })).toEqual({
      dropSeed: seed,
      appId: 'app_staging_worldmap',
      verifyAction: 'verify-human',
      verifier: { mode: 'simulator' },
    })
  })

  test('parameters: simulator mode inside the Functions emulator', () => {
    const env = { WORLDMAP_DROP_SEED: seed, WORLDMAP_VERIFIER: 'simulator', K_SERVICE: 'collectDrop', FUNCTIONS_EMULATOR: 'true' }
    expect(readGameConfig(env).verifier).toEqual({ mode: 'simulator' })
  })

  test('parameters: every setting', () => {
    const config = readGameConfig({
      WORLDMAP_DROP_SEED: seed,
      WORLDMAP_VERIFIER: 'developer-portal',
      WORLDMAP_APP_ID: 'app_staging_abc',
      WORLDMAP_VERIFY_ACTION: 'prove-human',
      WORLDMAP_DEVELOPER_PORTAL_URL: 'http://127.0.0.1:4000',
    })
    expect(config).toEqual({
      dropSeed: seed,
      appId: 'app_staging_abc',
      verifyAction: 'prove-human',
      verifier: { mode: 'developer-portal', baseUrl: 'http://127.0.0.1:4000' },
    })
  })

  test('behavior: empty optional variables count as unset', () => {
    const config = readGameConfig({
      WORLDMAP_DROP_SEED: seed,
      WORLDMAP_VERIFIER: '',
      WORLDMAP_APP_ID: 'app_1',
      WORLDMAP_VERIFY_ACTION: '',
      WORLDMAP_DEVELOPER_PORTAL_URL: '',
    })
    expect(config.verifier).toEqual({ mode: 'developer-portal', baseUrl: 'https://developer.worldcoin.org' })
    expect(config.verifyAction).toBe('verify-human')
  })

  test.each([
    ['missing seed', { WORLDMAP_APP_ID: 'app_1' }, ['WORLDMAP_DROP_SEED']],
    ['short seed', { WORLDMAP_DROP_SEED: 'short-seed-value', WORLDMAP_APP_ID: 'app_1' }, ['WORLDMAP_DROP_SEED']],
    ['unknown verifier', { WORLDMAP_DROP_SEED: seed, WORLDMAP_VERIFIER: 'trust-me' }, ['WORLDMAP_VERIFIER']],
    ['Developer Portal without an app id', { WORLDMAP_DROP_SEED: seed }, ['WORLDMAP_APP_ID']],
    ['malformed app id', { WORLDMAP_DROP_SEED: seed, WORLDMAP_APP_ID: 'my-app' }, ['WORLDMAP_APP_ID']],
    [
      'malformed action',
      { WORLDMAP_DROP_SEED: seed, WORLDMAP_APP_ID: 'app_1', WORLDMAP_VERIFY_ACTION: 'a b' },
      ['WORLDMAP_VERIFY_ACTION'],
    ],
    [
      'non-HTTP portal URL',
      { WORLDMAP_DROP_SEED: seed, WORLDMAP_APP_ID: 'app_1', WORLDMAP_DEVELOPER_PORTAL_URL: 'ftp://portal' },
      ['WORLDMAP_DEVELOPER_PORTAL_URL'],
    ],
    [
      'simulator in a deployed function',
      {
        WORLDMAP_DROP_SEED: seed,
        WORLDMAP_VERIFIER: 'simulator',
        WORLDMAP_APP_ID: 'app_1',
        WORLDMAP_VERIFY_ACTION: 'verify-human',
        WORLDMAP_DEVELOPER_PORTAL_URL: 'https://developer.worldcoin.org',
        K_SERVICE: 'collectDrop',
      },
      ['WORLDMAP_VERIFIER'],
    ],
    [
      'deployed with only the seed',
      { WORLDMAP_DROP_SEED: seed, K_SERVICE: 'collectDrop' },
      ['WORLDMAP_APP_ID', 'WORLDMAP_VERIFY_ACTION', 'WORLDMAP_VERIFIER', 'WORLDMAP_DEVELOPER_PORTAL_URL'],
    ],
  ])('error: %s', (_name, env, variables) => {
    const error = configErrorOf(env)
    expect(error).toBeInstanceOf(ConfigError)
    expect(error).toMatchObject({ code: 'invalid_config', variables })
    expect((error as Error).message).not.toContain('short-seed-value')
  })
})
