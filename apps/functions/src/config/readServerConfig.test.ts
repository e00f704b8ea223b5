import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ConfigError } from '../errors/ConfigError.js'
import { LOCAL_APP_ORIGINS, readServerConfig } from './readServerConfig.js'

const secret = 's'.repeat(32)
/** What Cloud Run sets in a deployed function. */
const deployed = { K_SERVICE: 'onrequestcustomtoken' }
const production = {
  ...deployed,
  WORLDMAP_NONCE_SECRET: secret,
  WORLDMAP_PUBLIC_ID_KEY: 'k'.repeat(32),
  WORLDMAP_APP_ORIGINS: 'https://worldmap.app',
  WORLDCHAIN_RPC_URL: 'https://rpc.example/v1',
}

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    readServerConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('readServerConfig did not throw')
}

describe('readServerConfig', () => {
  test('default: locally, the dev app origins and no RPC URL', () => {
    expect(readServerConfig({ WORLDMAP_NONCE_SECRET: secret, OTHER: 'x' })).toEqual({
      mode: 'local',
      nonceSecret: secret,
      publicIdKey: '',
      worldchainRpcUrl: undefined,
      appOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      databaseRegions: {},
      databasePlayers: [],
      databaseLeaderboards: [],
    })
    expect(readServerConfig({ WORLDMAP_NONCE_SECRET: secret }).appOrigins).not.toBe(LOCAL_APP_ORIGINS)
  })

  test('parameters: WORLDCHAIN_RPC_URL', () => {
    const config = readServerConfig({ WORLDMAP_NONCE_SECRET: secret, WORLDCHAIN_RPC_URL: 'https://rpc.example/v1' })
    expect(config.worldchainRpcUrl).toBe('https://rpc.example/v1')
    expect(readServerConfig({ WORLDMAP_NONCE_SECRET: secret, WORLDCHAIN_RPC_URL: '' }).worldchainRpcUrl).toBeUndefined()
  })

  test.each([
    ['one origin', 'https://worldmap.app', ['https://worldmap.app']],
    ['a trailing slash', 'https://worldmap.app/', ['https://worldmap.app']],
    [
      'a list with spaces, ports and a duplicate',
      ' http://localhost:3000 , http://127.0.0.1:3100/,https://WorldMap.app,http://localhost:3000',
      ['http://localhost:3000', 'http://127.0.0.1:3100', 'https://worldmap.app'],
    ],
    ['a default port is dropped, as URL.origin does', 'https://worldmap.app:443', ['https://worldmap.app']],
    ['empty means unset (local default)', '  ', [...LOCAL_APP_ORIGINS]],
  ])('parameters: WORLDMAP_APP_ORIGINS %s', (_name, value, origins) => {
    expect(readServerConfig({ WORLDMAP_NONCE_SECRET: secret, WORLDMAP_APP_ORIGINS: value }).appOrigins).toEqual(origins)
  })

  test('parameters: deployed with everything set', () => {
    expect(readServerConfig(production)).toEqual({
      mode: 'production',
      nonceSecret: secret,
      publicIdKey: 'k'.repeat(32),
      worldchainRpcUrl: 'https://rpc.example/v1',
      appOrigins: ['https://worldmap.app'],
      databaseRegions: {},
      databasePlayers: [],
      databaseLeaderboards: [],
    })
  })

  test('behavior: the Functions emulator is not a deployment (K_SERVICE is set there too)', () => {
    const config = readServerConfig({
      K_SERVICE: 'onRequestCustomToken',
      FUNCTIONS_EMULATOR: 'true',
      WORLDMAP_NONCE_SECRET: secret,
    })
    expect(config.appOrigins).toEqual([...LOCAL_APP_ORIGINS])
  })

  test.each([
    ['a path', 'https://worldmap.app/login'],
    ['a query', 'https://worldmap.app/?x=1'],
    ['a fragment', 'https://worldmap.app/#x'],
    ['user info', 'https://user@worldmap.app'],
    ['another scheme', 'ftp://worldmap.app'],
    ['a bare host', 'worldmap.app'],
    ['an empty entry', 'https://worldmap.app,'],
    ['not a URL', 'https://'],
    ['too many', Array.from({ length: 17 }, (_, index) => `https://a${index}.example`).join(',')],
  ])('error: WORLDMAP_APP_ORIGINS with %s', (_name, value) => {
    const error = configError({ WORLDMAP_NONCE_SECRET: secret, WORLDMAP_APP_ORIGINS: value })
    expect(error.variables).toEqual(['WORLDMAP_APP_ORIGINS'])
    expect(error.message).not.toContain(value)
  })

  test.each([
    ['missing secret', {}, ['WORLDMAP_NONCE_SECRET']],
    ['short secret', { WORLDMAP_NONCE_SECRET: 'short-secret-value' }, ['WORLDMAP_NONCE_SECRET']],
    ['bad RPC URL', { WORLDMAP_NONCE_SECRET: secret, WORLDCHAIN_RPC_URL: 'not a url' }, ['WORLDCHAIN_RPC_URL']],
    ['non-HTTP RPC URL', { WORLDMAP_NONCE_SECRET: secret, WORLDCHAIN_RPC_URL: 'ftp://rpc.example' }, ['WORLDCHAIN_RPC_URL']],
    [
      'both',
      { WORLDMAP_NONCE_SECRET: 'short-secret-value', WORLDCHAIN_RPC_URL: 'nope' },
      ['WORLDMAP_NONCE_SECRET', 'WORLDCHAIN_RPC_URL'],
    ],
    ['deployed without app origins', { ...production, WORLDMAP_APP_ORIGINS: undefined }, ['WORLDMAP_APP_ORIGINS']],
    ['deployed without an RPC URL', { ...production, WORLDCHAIN_RPC_URL: '' }, ['WORLDCHAIN_RPC_URL']],
    ['deployed with nothing', deployed, ['WORLDMAP_NONCE_SECRET', 'WORLDMAP_APP_ORIGINS', 'WORLDCHAIN_RPC_URL']],
    ['deployed in local mode', { ...production, WORLDMAP_MODE: 'local' }, ['WORLDMAP_MODE']],
    [
      'deployed with a plain-HTTP RPC URL',
      { ...production, WORLDCHAIN_RPC_URL: 'http://127.0.0.1:8545' },
      ['WORLDCHAIN_RPC_URL'],
    ],
    [
      'deployed with a plain-HTTP origin',
      { ...production, WORLDMAP_APP_ORIGINS: 'http://worldmap.app' },
      ['WORLDMAP_APP_ORIGINS'],
    ],
  ])('error: %s', (_name, env, variables) => {
    const error = configError(env)
    expect(error).toMatchObject({ name: 'ConfigError', code: 'invalid_config', variables })
    expect(error.message).not.toContain('short-secret-value')
  })

  test('error: message', () => {
    expect(() => readServerConfig({})).toThrowErrorMatchingInlineSnapshot(`
      [ConfigError: Server configuration is invalid.

      Details:
      - WORLDMAP_NONCE_SECRET is not set]
    `)
    expect(() => readServerConfig(deployed)).toThrowErrorMatchingInlineSnapshot(`
      [ConfigError: Server configuration is invalid.

      Details:
      - WORLDMAP_NONCE_SECRET is not set
      - WORLDMAP_APP_ORIGINS is not set
      - WORLDCHAIN_RPC_URL is not set]
    `)
  })

  test("behavior: the table switch is the sign-in's too (it reads the player's profile where the switch put it)", () => {
    const p2 = 'https://worldmap-p2.asia-southeast1.firebasedatabase.app'
    const env = { ...production, WORLDMAP_DATABASE_SWITCH_DAY: '2026-12-07', WORLDMAP_DATABASE_NEXT_PLAYERS: p2 }
    expect(readServerConfig(env).databaseSwitch).toEqual({
      at: Date.UTC(2026, 11, 7),
      next: { regions: {}, players: [p2], leaderboards: [] },
    })
    expect(() => readServerConfig({ ...env, WORLDMAP_DATABASE_SWITCH_DAY: 'soon' })).toThrow(
      /WORLDMAP_DATABASE_SWITCH_DAY must be a day/,
    )
  })

  test('behavior: the game settings are not sign-in problems', () => {
    expect(readServerConfig({ ...production, WORLDMAP_DROP_SEED: 'short' }).nonceSecret).toBe(secret)
  })

  test('behavior: any value either parses to http(s) origins or is a ConfigError naming WORLDMAP_APP_ORIGINS', () => {
    const url = fc
      .tuple(
        fc.constantFrom('http://', 'https://', 'ftp://', 'HTTPS://', '//', ''),
        fc.constantFrom('', 'me@', 'me:pw@'),
        fc.constantFrom('worldmap.app', 'localhost', '127.0.0.1', '[::1]', 'WorldMap.App', '', 'a b'),
        fc.constantFrom('', ':3000', ':443', ':80', ':99999', ':'),
        fc.constantFrom('', '/', '/login', '?x=1', '#top', '/#', ' '),
      )
      .map((parts) => parts.join(''))
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          url,
          fc.array(url, { minLength: 1, maxLength: 4 }).map((urls) => urls.join(',')),
        ),
        (value) => {
          let origins: string[]
          try {
            origins = readServerConfig({ WORLDMAP_NONCE_SECRET: secret, WORLDMAP_APP_ORIGINS: value }).appOrigins
          } catch (error) {
            expect(error).toBeInstanceOf(ConfigError)
            expect((error as ConfigError).variables).toEqual(['WORLDMAP_APP_ORIGINS'])
            return
          }
          for (const origin of origins) expect(new URL(origin).origin).toBe(origin)
          expect(origins.every((origin) => /^https?:\/\//.test(origin))).toBe(true)
        },
      ),
      { numRuns: 100 },
    )
  })
})
