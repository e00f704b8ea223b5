import { dropsForWatchCells } from '@worldmap/game/server'
import { describe, expect, test } from 'vitest'
import { ConfigError } from '../errors/ConfigError.js'
import { publicIdOf } from '../publicCard/publicIdOf.js'
import { readGameConfig } from './readGameConfig.js'

const seed = 'd'.repeat(32)
const key = 'k'.repeat(32)
/** Both game secrets, each its own value. */
const secrets = { WORLDMAP_DROP_SEED: seed, WORLDMAP_PUBLIC_ID_KEY: key }

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
    expect(readGameConfig({ ...secrets, WORLDMAP_APP_ID: 'app_123', OTHER: 'x' })).toEqual({
      dropSeed: seed,
      publicIdKey: key,
      appId: 'app_123',
      verifyAction: 'verify-human',
      verifier: { mode: 'developer-portal', baseUrl: 'https://developer.worldcoin.org' },
    })
  })

  test('parameters: simulator mode with local defaults', () => {
    expect(readGameConfig({ ...secrets, WORLDMAP_VERIFIER: 'simulator' })).toEqual({
      dropSeed: seed,
      publicIdKey: key,
      appId: 'app_staging_worldmap',
      verifyAction: 'verify-human',
      verifier: { mode: 'simulator' },
    })
  })

  test('parameters: simulator mode inside the Functions emulator', () => {
    const env = { ...secrets, WORLDMAP_VERIFIER: 'simulator', K_SERVICE: 'collectDrop', FUNCTIONS_EMULATOR: 'true' }
    expect(readGameConfig(env).verifier).toEqual({ mode: 'simulator' })
  })

  test('parameters: every setting', () => {
    const config = readGameConfig({
      ...secrets,
      WORLDMAP_VERIFIER: 'developer-portal',
      WORLDMAP_APP_ID: 'app_staging_abc',
      WORLDMAP_VERIFY_ACTION: 'prove-human',
      WORLDMAP_DEVELOPER_PORTAL_URL: 'http://127.0.0.1:4000',
    })
    expect(config).toEqual({
      dropSeed: seed,
      publicIdKey: key,
      appId: 'app_staging_abc',
      verifyAction: 'prove-human',
      verifier: { mode: 'developer-portal', baseUrl: 'http://127.0.0.1:4000' },
    })
  })

  test('behavior: empty optional variables count as unset', () => {
    const config = readGameConfig({
      ...secrets,
      WORLDMAP_VERIFIER: '',
      WORLDMAP_APP_ID: 'app_1',
      WORLDMAP_VERIFY_ACTION: '',
      WORLDMAP_DEVELOPER_PORTAL_URL: '',
    })
    expect(config.verifier).toEqual({ mode: 'developer-portal', baseUrl: 'https://developer.worldcoin.org' })
    expect(config.verifyAction).toBe('verify-human')
  })

  test.each([
    ['missing secrets', { WORLDMAP_APP_ID: 'app_1' }, ['WORLDMAP_DROP_SEED', 'WORLDMAP_PUBLIC_ID_KEY']],
    ['missing public-id key', { WORLDMAP_DROP_SEED: seed, WORLDMAP_APP_ID: 'app_1' }, ['WORLDMAP_PUBLIC_ID_KEY']],
    ['short seed', { ...secrets, WORLDMAP_DROP_SEED: 'short-seed-value', WORLDMAP_APP_ID: 'app_1' }, ['WORLDMAP_DROP_SEED']],
    [
      'short public-id key',
      { ...secrets, WORLDMAP_PUBLIC_ID_KEY: 'short-seed-value', WORLDMAP_APP_ID: 'app_1' },
      ['WORLDMAP_PUBLIC_ID_KEY'],
    ],
    [
      'the drop seed reused as the public-id key',
      { ...secrets, WORLDMAP_PUBLIC_ID_KEY: seed, WORLDMAP_APP_ID: 'app_1' },
      ['WORLDMAP_PUBLIC_ID_KEY'],
    ],
    ['unknown verifier', { ...secrets, WORLDMAP_VERIFIER: 'trust-me' }, ['WORLDMAP_VERIFIER']],
    ['Developer Portal without an app id', { ...secrets }, ['WORLDMAP_APP_ID']],
    ['malformed app id', { ...secrets, WORLDMAP_APP_ID: 'my-app' }, ['WORLDMAP_APP_ID']],
    ['malformed action', { ...secrets, WORLDMAP_APP_ID: 'app_1', WORLDMAP_VERIFY_ACTION: 'a b' }, ['WORLDMAP_VERIFY_ACTION']],
    [
      'non-HTTP portal URL',
      { ...secrets, WORLDMAP_APP_ID: 'app_1', WORLDMAP_DEVELOPER_PORTAL_URL: 'ftp://portal' },
      ['WORLDMAP_DEVELOPER_PORTAL_URL'],
    ],
    [
      'simulator in a deployed function',
      {
        ...secrets,
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
      { ...secrets, K_SERVICE: 'collectDrop' },
      ['WORLDMAP_APP_ID', 'WORLDMAP_VERIFY_ACTION', 'WORLDMAP_VERIFIER', 'WORLDMAP_DEVELOPER_PORTAL_URL'],
    ],
  ])('error: %s', (_name, env, variables) => {
    const error = configErrorOf(env)
    expect(error).toBeInstanceOf(ConfigError)
    expect(error).toMatchObject({ code: 'invalid_config', variables })
    expect((error as Error).message).not.toContain('short-seed-value')
    // Never a secret in an error, even one that is well-formed.
    expect((error as Error).message).not.toContain(seed)
    expect((error as Error).message).not.toContain(key)
  })
})

describe('readGameConfig: the drop seed and the public-id key are separate secrets (issue 22, point 5)', () => {
  const uid = '0x00000000000000000000000000000000000A11cE'
  const env = { ...secrets, WORLDMAP_VERIFIER: 'simulator' }

  test('default: a public card id is the same after a restart (the same configuration read again)', () => {
    expect(publicIdOf(uid, readGameConfig({ ...env }).publicIdKey)).toBe(publicIdOf(uid, readGameConfig({ ...env }).publicIdKey))
  })

  test('behavior: rotating the drop seed changes what spawns and leaves every public card id as it was', () => {
    const before = readGameConfig(env)
    const rotated = readGameConfig({ ...env, WORLDMAP_DROP_SEED: 'r'.repeat(32) })
    expect(publicIdOf(uid, rotated.publicIdKey)).toBe(publicIdOf(uid, before.publicIdKey))
    const time = Date.UTC(2025, 0, 1, 12)
    expect(dropsForWatchCells(['w21z74'], time, { seed: rotated.dropSeed })).not.toEqual(
      dropsForWatchCells(['w21z74'], time, { seed: before.dropSeed }),
    )
  })

  test('behavior: rotating the public-id key changes the public ids and leaves what spawns as it was', () => {
    const before = readGameConfig(env)
    const rotated = readGameConfig({ ...env, WORLDMAP_PUBLIC_ID_KEY: 'q'.repeat(32) })
    expect(publicIdOf(uid, rotated.publicIdKey)).not.toBe(publicIdOf(uid, before.publicIdKey))
    const time = Date.UTC(2025, 0, 1, 12)
    expect(dropsForWatchCells(['w21z74'], time, { seed: rotated.dropSeed })).toEqual(
      dropsForWatchCells(['w21z74'], time, { seed: before.dropSeed }),
    )
  })

  test('behavior: the drop seed alone does not give the public ids (a leaked seed links no wallet to a card)', () => {
    const config = readGameConfig(env)
    expect(config.publicIdKey).not.toBe(config.dropSeed)
    expect(publicIdOf(uid, config.dropSeed)).not.toBe(publicIdOf(uid, config.publicIdKey))
  })
})
