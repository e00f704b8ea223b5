import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ConfigError } from '../errors/ConfigError.js'
import { FUNCTIONS_VARIABLES, readFunctionsConfig, resolveFunctionsEnv } from './readFunctionsConfig.js'

const secret = 's'.repeat(32)
const seed = 'd'.repeat(32)
const publicIdKey = 'k'.repeat(32)

/** Every production setting, as a deployed function gets them (Cloud Run sets K_SERVICE). */
const production = {
  K_SERVICE: 'collectdrop',
  WORLDMAP_NONCE_SECRET: secret,
  WORLDMAP_DROP_SEED: seed,
  WORLDMAP_PUBLIC_ID_KEY: publicIdKey,
  WORLDMAP_APP_ID: 'app_0123456789abcdef',
  WORLDMAP_VERIFY_ACTION: 'verify-human-prod',
  WORLDMAP_APP_ORIGINS: 'https://worldmap.app',
  WORLDCHAIN_RPC_URL: 'https://rpc.example/v1',
  WORLDMAP_VERIFIER: 'developer-portal',
  WORLDMAP_DEVELOPER_PORTAL_URL: 'https://developer.worldcoin.org',
}

/** What `pnpm preview:prod` runs: production mode inside the Functions emulator, every URL local. */
const previewProd = {
  ...production,
  FUNCTIONS_EMULATOR: 'true',
  WORLDMAP_MODE: 'production',
  WORLDMAP_APP_ORIGINS: 'http://127.0.0.1:5300,http://localhost:5300',
  WORLDCHAIN_RPC_URL: 'http://127.0.0.1:8745',
  WORLDMAP_DEVELOPER_PORTAL_URL: 'http://127.0.0.1:5311',
  WORLDMAP_DATABASE_EMULATOR_HOST: '127.0.0.1:9400',
}

/** The least a local stack's functions need: the three secrets and the simulator's verifier. */
const local = {
  WORLDMAP_NONCE_SECRET: secret,
  WORLDMAP_DROP_SEED: seed,
  WORLDMAP_PUBLIC_ID_KEY: publicIdKey,
  WORLDMAP_VERIFIER: 'simulator',
}

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    readFunctionsConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('readFunctionsConfig did not throw')
}

describe('readFunctionsConfig', () => {
  test('default: a deployed function with every setting runs in production', () => {
    expect(readFunctionsConfig(production)).toEqual({
      mode: 'production',
      nonceSecret: secret,
      dropSeed: seed,
      publicIdKey,
      appId: 'app_0123456789abcdef',
      verifyAction: 'verify-human-prod',
      appOrigins: ['https://worldmap.app'],
      worldchainRpcUrl: 'https://rpc.example/v1',
      verifier: { mode: 'developer-portal', baseUrl: 'https://developer.worldcoin.org' },
      databaseRegions: {},
      databasePlayers: [],
      databaseLeaderboards: [],
    })
  })

  test('behavior: local mode keeps the local defaults (the emulator, and plain Node in tests)', () => {
    for (const env of [
      local,
      { ...local, K_SERVICE: 'collectDrop', FUNCTIONS_EMULATOR: 'true' },
      { ...local, WORLDMAP_MODE: 'local' },
    ]) {
      expect(readFunctionsConfig(env)).toEqual({
        mode: 'local',
        nonceSecret: secret,
        dropSeed: seed,
        publicIdKey,
        appId: 'app_staging_worldmap',
        verifyAction: 'verify-human',
        appOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
        worldchainRpcUrl: undefined,
        verifier: { mode: 'simulator' },
        databaseRegions: {},
        databasePlayers: [],
        databaseLeaderboards: [],
      })
    }
  })

  test('parameters: WORLDMAP_TEST_CLOCK_FILE gives a local stack its clock file; production refuses it, whatever the mode says', () => {
    const file = '/tmp/stack/test-clock.json'
    expect(readFunctionsConfig({ ...local, FUNCTIONS_EMULATOR: 'true', WORLDMAP_TEST_CLOCK_FILE: file }).testClockFile).toBe(file)
    expect(readFunctionsConfig(local).testClockFile).toBeUndefined()
    expect(configError({ ...local, WORLDMAP_TEST_CLOCK_FILE: 'relative/clock.json' }).problems).toEqual([
      { variable: 'WORLDMAP_TEST_CLOCK_FILE', reason: 'must be an absolute file path' },
    ])
    const refused = { variable: 'WORLDMAP_TEST_CLOCK_FILE', reason: expect.stringMatching(/^must not be set in production/) }
    // Deployed, in the emulator's production mode (pnpm preview:prod), and deployed claiming to be local.
    expect(configError({ ...production, WORLDMAP_TEST_CLOCK_FILE: file }).problems).toEqual([refused])
    expect(configError({ ...previewProd, WORLDMAP_TEST_CLOCK_FILE: file }).problems).toEqual([refused])
    expect(configError({ ...production, WORLDMAP_MODE: 'local', WORLDMAP_TEST_CLOCK_FILE: file }).problems).toContainEqual(
      refused,
    )
  })

  test('parameters: WORLDMAP_DATABASE_REGIONS routes regions to their instances (https deployed, a loopback stand-in locally)', () => {
    const sea = 'https://worldmap-sea-1.asia-southeast1.firebasedatabase.app'
    expect(readFunctionsConfig({ ...production, WORLDMAP_DATABASE_REGIONS: `w2=${sea}, qqg=${sea}` }).databaseRegions).toEqual({
      w2: sea,
      qqg: sea,
    })
    const local = { WORLDMAP_NONCE_SECRET: secret, WORLDMAP_DROP_SEED: seed, WORLDMAP_PUBLIC_ID_KEY: publicIdKey }
    const standIn = 'http://127.0.0.1:9177/?ns=demo-worldmap-r1'
    expect(
      readFunctionsConfig({ ...local, WORLDMAP_VERIFIER: 'simulator', WORLDMAP_DATABASE_REGIONS: `w21=${standIn}` })
        .databaseRegions,
    ).toEqual({ w21: standIn })
    expect(readFunctionsConfig({ ...previewProd, WORLDMAP_DATABASE_REGIONS: `w21=${standIn}` }).databaseRegions).toEqual({
      w21: standIn,
    })
  })

  test('parameters: WORLDMAP_DATABASE_PLAYERS and WORLDMAP_DATABASE_LEADERBOARDS list the instances of each role', () => {
    const p1 = 'https://worldmap-p1.asia-southeast1.firebasedatabase.app'
    const p2 = 'https://worldmap-p2.asia-southeast1.firebasedatabase.app'
    expect(
      readFunctionsConfig({ ...production, WORLDMAP_DATABASE_PLAYERS: ` ${p1}, ${p2} `, WORLDMAP_DATABASE_LEADERBOARDS: p2 }),
    ).toMatchObject({ databasePlayers: [p1, p2], databaseLeaderboards: [p2] })
    const standIn = 'http://127.0.0.1:9178/?ns=demo-worldmap-r2'
    expect(
      readFunctionsConfig({ ...previewProd, WORLDMAP_DATABASE_PLAYERS: standIn, WORLDMAP_DATABASE_LEADERBOARDS: standIn }),
    ).toMatchObject({ databasePlayers: [standIn], databaseLeaderboards: [standIn] })
    // Empty: main holds that data.
    expect(readFunctionsConfig({ ...production, WORLDMAP_DATABASE_PLAYERS: '' })).toMatchObject({ databasePlayers: [] })
  })

  test('parameters: WORLDMAP_DATABASE_SWITCH_DAY and the _NEXT_ tables are the table switch; without the day, none', () => {
    const p1 = 'https://worldmap-p1.asia-southeast1.firebasedatabase.app'
    const p2 = 'https://worldmap-p2.asia-southeast1.firebasedatabase.app'
    const sea = 'https://worldmap-sea-1.asia-southeast1.firebasedatabase.app'
    expect(readFunctionsConfig(production).databaseSwitch).toBeUndefined()
    expect(
      readFunctionsConfig({
        ...production,
        WORLDMAP_DATABASE_PLAYERS: p1,
        WORLDMAP_DATABASE_SWITCH_DAY: '2026-12-07',
        WORLDMAP_DATABASE_NEXT_REGIONS: `w21=${sea}`,
        WORLDMAP_DATABASE_NEXT_PLAYERS: `${p1},${p2}`,
      }).databaseSwitch,
    ).toEqual({ at: Date.UTC(2026, 11, 7), next: { regions: { w21: sea }, players: [p1, p2], leaderboards: [] } })
    // A day alone: the next table is empty, everything back on main (as `pnpm db:migrate` reads it).
    expect(readFunctionsConfig({ ...production, WORLDMAP_DATABASE_SWITCH_DAY: '2026-12-07' }).databaseSwitch).toEqual({
      at: Date.UTC(2026, 11, 7),
      next: { regions: {}, players: [], leaderboards: [] },
    })
  })

  test.each([
    ['not a date', { WORLDMAP_DATABASE_SWITCH_DAY: 'next monday' }, 'WORLDMAP_DATABASE_SWITCH_DAY', 'must be a day'],
    ['not midnight', { WORLDMAP_DATABASE_SWITCH_DAY: '2026-12-07T03:00' }, 'WORLDMAP_DATABASE_SWITCH_DAY', 'must be a day'],
    ['no calendar day', { WORLDMAP_DATABASE_SWITCH_DAY: '2026-02-30' }, 'WORLDMAP_DATABASE_SWITCH_DAY', 'must be a day'],
    ['past 9999-01-01', { WORLDMAP_DATABASE_SWITCH_DAY: '9999-06-01' }, 'WORLDMAP_DATABASE_SWITCH_DAY', 'must be a day'],
    [
      'a next player list of no URLs',
      { WORLDMAP_DATABASE_SWITCH_DAY: '2026-12-07', WORLDMAP_DATABASE_NEXT_PLAYERS: 'wm-p2.secret.example' },
      'WORLDMAP_DATABASE_NEXT_PLAYERS',
      'must be comma-separated database URLs',
    ],
    [
      'a next region on plain http, deployed',
      { WORLDMAP_DATABASE_SWITCH_DAY: '2026-12-07', WORLDMAP_DATABASE_NEXT_REGIONS: 'w21=http://127.0.0.1:9177/?ns=secret' },
      'WORLDMAP_DATABASE_NEXT_REGIONS',
      'must name https database URLs in a deployed function',
    ],
    [
      'a next leaderboard list with a remote http URL',
      { WORLDMAP_DATABASE_SWITCH_DAY: '2026-12-07', WORLDMAP_DATABASE_NEXT_LEADERBOARDS: 'http://secret.example.com' },
      'WORLDMAP_DATABASE_NEXT_LEADERBOARDS',
      'must be comma-separated database URLs',
    ],
    [
      'a next table without a day',
      { WORLDMAP_DATABASE_NEXT_PLAYERS: 'https://secret.firebasedatabase.app' },
      'WORLDMAP_DATABASE_NEXT_PLAYERS',
      'must come with WORLDMAP_DATABASE_SWITCH_DAY',
    ],
  ])('error: a table switch with %s names the variable, never its value', (_, change, variable, reason) => {
    const error = configError({ ...production, ...change })
    expect(error.problems).toEqual([{ variable, reason: expect.stringContaining(reason) }])
    expect(error.message).not.toMatch(/secret|next monday|9999-06|02-30|T03/)
  })

  test('behavior: production mode inside the emulator accepts plain HTTP to loopback hosts (pnpm preview:prod)', () => {
    expect(readFunctionsConfig(previewProd)).toMatchObject({
      mode: 'production',
      appOrigins: ['http://127.0.0.1:5300', 'http://localhost:5300'],
      worldchainRpcUrl: 'http://127.0.0.1:8745',
      verifier: { mode: 'developer-portal', baseUrl: 'http://127.0.0.1:5311' },
    })
  })

  test('behavior: production never falls back to the staging app id or the simulator', () => {
    fc.assert(
      fc.property(
        fc.subarray(Object.keys(production).filter((key) => key !== 'K_SERVICE')),
        fc.boolean(),
        (removed, explicitMode) => {
          const env: Record<string, string | undefined> = {
            ...production,
            ...(explicitMode ? { WORLDMAP_MODE: 'production' } : {}),
          }
          for (const key of removed) env[key] = undefined
          const { mode, problems, config } = resolveFunctionsEnv(env)
          expect(mode).toBe('production')
          expect(problems.map((problem) => problem.variable)).toEqual(removed.length > 0 ? expect.arrayContaining(removed) : [])
          if (problems.length === 0) {
            expect(config.appId).not.toBe('app_staging_worldmap')
            expect(config.verifier.mode).toBe('developer-portal')
          }
        },
      ),
    )
  })

  test.each([
    ['WORLDMAP_NONCE_SECRET', '', 'is not set'],
    ['WORLDMAP_NONCE_SECRET', 'short-secret-value', 'must be at least 32 characters'],
    ['WORLDMAP_DROP_SEED', undefined, 'is not set'],
    ['WORLDMAP_DROP_SEED', 'short-seed-value', 'must be at least 32 characters'],
    ['WORLDMAP_PUBLIC_ID_KEY', undefined, 'is not set'],
    ['WORLDMAP_PUBLIC_ID_KEY', 'short-key-value', 'must be at least 32 characters'],
    ['WORLDMAP_PUBLIC_ID_KEY', seed, 'must differ from WORLDMAP_DROP_SEED (one secret must not do both jobs)'],
    ['WORLDMAP_APP_ID', undefined, 'is not set'],
    ['WORLDMAP_APP_ID', 'my-app', 'must be a Developer Portal app id (app_ followed by letters, digits or _)'],
    ['WORLDMAP_VERIFY_ACTION', undefined, 'is not set'],
    ['WORLDMAP_VERIFY_ACTION', 'verify human', 'must be an action name (1–64 letters, digits, - or _)'],
    ['WORLDMAP_APP_ORIGINS', '  ', 'is not set'],
    [
      'WORLDMAP_APP_ORIGINS',
      'https://worldmap.app/login',
      'must be 1–16 comma-separated http(s) origins (scheme://host[:port], nothing after)',
    ],
    ['WORLDMAP_APP_ORIGINS', 'http://worldmap.app', 'must be https origins in production'],
    ['WORLDMAP_APP_ORIGINS', 'http://127.0.0.1:5300', 'must be https origins in production'],
    ['WORLDCHAIN_RPC_URL', undefined, 'is not set'],
    ['WORLDCHAIN_RPC_URL', 'not a url', 'must be an http(s) URL'],
    ['WORLDCHAIN_RPC_URL', 'http://rpc.example', 'must be an https URL'],
    ['WORLDCHAIN_RPC_URL', 'http://127.0.0.1:8545', 'must be an https URL'],
    ['WORLDMAP_VERIFIER', undefined, 'is not set'],
    ['WORLDMAP_VERIFIER', 'trust-me', 'must be simulator or developer-portal'],
    ['WORLDMAP_VERIFIER', 'simulator', 'must be developer-portal in production (anyone can mint proofs for the simulator)'],
    ['WORLDMAP_DEVELOPER_PORTAL_URL', undefined, 'is not set'],
    ['WORLDMAP_DEVELOPER_PORTAL_URL', 'ftp://portal.example', 'must be an http(s) URL'],
    ['WORLDMAP_DEVELOPER_PORTAL_URL', 'http://127.0.0.1:5311', 'must be an https URL'],
    ['WORLDMAP_MODE', 'local', 'must not be local in a deployed function'],
    ['WORLDMAP_MODE', 'staging', 'must be local or production'],
    ['WORLDMAP_DATABASE_EMULATOR_HOST', '127.0.0.1:9000', 'must not be set in a deployed function'],
    [
      'WORLDMAP_DATABASE_REGIONS',
      'w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1',
      'must name https database URLs in a deployed function',
    ],
    [
      'WORLDMAP_DATABASE_REGIONS',
      'w21z73t=https://worldmap-sea-1.asia-southeast1.firebasedatabase.app',
      'must be comma-separated prefix=url pairs (a 1–6 character geohash prefix, once each; an https database URL, http only for a loopback host)',
    ],
    [
      'WORLDMAP_DATABASE_REGIONS',
      'w2=https://a.firebasedatabase.app,w2=https://b.firebasedatabase.app',
      'must be comma-separated prefix=url pairs (a 1–6 character geohash prefix, once each; an https database URL, http only for a loopback host)',
    ],
    ...(['WORLDMAP_DATABASE_PLAYERS', 'WORLDMAP_DATABASE_LEADERBOARDS'] as const).flatMap(
      (variable): [string, string, string][] => [
        [variable, 'http://127.0.0.1:9178/?ns=demo-worldmap-r2', 'must name https database URLs in a deployed function'],
        [
          variable,
          'https://wm-p1.firebasedatabase.app,https://wm-p1.firebasedatabase.app',
          'must be comma-separated database URLs (at most 32, once each; https, http only for a loopback host)',
        ],
        [
          variable,
          'http://db.example.com',
          'must be comma-separated database URLs (at most 32, once each; https, http only for a loopback host)',
        ],
        [
          variable,
          'not a url',
          'must be comma-separated database URLs (at most 32, once each; https, http only for a loopback host)',
        ],
      ],
    ),
  ])('error: deployed with %s = %j', (variable, value, reason) => {
    const error = configError({ ...production, [variable]: value })
    expect(error.problems).toEqual([{ variable, reason }])
    expect(error.message).toContain(`- ${variable} ${reason}`)
    // A named choice (`local`, `simulator`) is part of the rule, not an echo.
    if (value?.trim() && !reason.includes(value)) expect(error.message).not.toContain(value)
  })

  test.each([
    ['WORLDCHAIN_RPC_URL', 'http://rpc.example', 'must be an https URL (http only for a loopback host)'],
    ['WORLDMAP_DEVELOPER_PORTAL_URL', 'http://portal.example', 'must be an https URL (http only for a loopback host)'],
    ['WORLDMAP_APP_ORIGINS', 'http://worldmap.app', 'must be https origins in production (http only for a loopback host)'],
    ['WORLDMAP_DATABASE_EMULATOR_HOST', 'not a host', 'must be host:port'],
  ])('error: production mode in the emulator with %s = %j', (variable, value, reason) => {
    expect(configError({ ...previewProd, [variable]: value }).problems).toEqual([{ variable, reason }])
  })

  test('error: every problem at once, in variable order, values never in the message', () => {
    const error = configError({
      K_SERVICE: 'collectdrop',
      WORLDMAP_NONCE_SECRET: 'short-secret-value',
      WORLDMAP_VERIFIER: 'simulator',
      WORLDCHAIN_RPC_URL: 'http://rpc.example',
    })
    expect(error.variables).toEqual([
      'WORLDMAP_NONCE_SECRET',
      'WORLDMAP_DROP_SEED',
      'WORLDMAP_PUBLIC_ID_KEY',
      'WORLDMAP_APP_ID',
      'WORLDMAP_VERIFY_ACTION',
      'WORLDMAP_APP_ORIGINS',
      'WORLDCHAIN_RPC_URL',
      'WORLDMAP_VERIFIER',
      'WORLDMAP_DEVELOPER_PORTAL_URL',
    ])
    expect(error.message).toMatchInlineSnapshot(`
      "Server configuration is invalid.

      Details:
      - WORLDMAP_NONCE_SECRET must be at least 32 characters
      - WORLDMAP_DROP_SEED is not set
      - WORLDMAP_PUBLIC_ID_KEY is not set
      - WORLDMAP_APP_ID is not set
      - WORLDMAP_VERIFY_ACTION is not set
      - WORLDMAP_APP_ORIGINS is not set
      - WORLDCHAIN_RPC_URL must be an https URL
      - WORLDMAP_VERIFIER must be developer-portal in production (anyone can mint proofs for the simulator)
      - WORLDMAP_DEVELOPER_PORTAL_URL is not set"
    `)
  })

  test('behavior: any value of any variable is accepted or a ConfigError naming it, never echoing the value', () => {
    // Free-form values carry a marker no message contains, so an echoed value would show.
    const values = fc.oneof(
      fc.string().map((value) => `⟦${value}`),
      fc.webUrl().map((url) => `${url}?⟦`),
      fc.constantFrom('', 'local', 'production', 'simulator', 'developer-portal', 'app_1', 'http://127.0.0.1:1', 'true'),
    )
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...FUNCTIONS_VARIABLES, 'K_SERVICE', 'FUNCTIONS_EMULATOR'), values), (env) => {
        try {
          readFunctionsConfig(env)
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError)
          const { message, variables } = error as ConfigError
          expect(message).not.toContain('⟦')
          expect(variables.length).toBeGreaterThan(0)
          for (const variable of variables) expect(FUNCTIONS_VARIABLES).toContain(variable)
        }
      }),
      { numRuns: 300 },
    )
  })
})
