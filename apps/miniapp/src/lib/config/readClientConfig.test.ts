import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ClientConfigError } from './ClientConfigError.js'
import { CLIENT_VARIABLES, type ClientEnv, readClientConfig } from './readClientConfig.js'
import { productionPage as production, productionPublicEnv as productionEnv } from './testing/productionPublicEnv.js'

const local = { hostname: 'localhost', origin: 'http://localhost:3000' }
const loopbackPage = { hostname: '127.0.0.1', origin: 'http://127.0.0.1:5300' }

function configError(env: ClientEnv, location = production): ClientConfigError {
  try {
    readClientConfig(env, location)
  } catch (error) {
    if (error instanceof ClientConfigError) return error
    throw error
  }
  throw new Error('readClientConfig did not throw')
}

describe('local mode', () => {
  test('default: localhost uses the local stack, our usernames stand-in and the offline map', () => {
    expect(readClientConfig({}, local)).toEqual({
      mode: 'local',
      localMode: true,
      appId: 'app_staging_worldmap',
      verifyAction: 'verify-human',
      firebase: {
        projectId: 'demo-worldmap',
        apiKey: 'demo-api-key',
        authDomain: undefined,
        databaseURL: 'http://127.0.0.1:9000/?ns=demo-worldmap',
        databaseRegions: {},
        databasePlayers: [],
        databaseSwitch: null,
      },
      region: 'asia-southeast1',
      authEmulatorUrl: 'http://127.0.0.1:9099',
      functionsEmulator: { host: '127.0.0.1', port: 5001 },
      signNonceUrl: 'http://localhost:3000/api/sign-nonce',
      customTokenUrl: 'http://127.0.0.1:5001/demo-worldmap/asia-southeast1/onRequestCustomToken',
      usernamesUrl: 'http://localhost:3000/api/dev/usernames',
      worldchainRpcUrl: 'http://127.0.0.1:8545',
      // The offline map style, drawn at once: no request leaves the machine.
      mapStyleUrl: null,
    })
  })

  test('parameters: the stack ports given as PUBLIC_ENV__ variables', () => {
    const config = readClientConfig(
      {
        PUBLIC_ENV__AUTH_EMULATOR_URL: 'http://127.0.0.1:9199/',
        PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: 'http://127.0.0.1:5101',
        PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9100',
        PUBLIC_ENV__WORLDCHAIN_RPC_URL: 'http://127.0.0.1:8645',
      },
      local,
    )
    expect(config.worldchainRpcUrl).toBe('http://127.0.0.1:8645')
    expect(config.authEmulatorUrl).toBe('http://127.0.0.1:9199')
    expect(config.functionsEmulator).toEqual({ host: '127.0.0.1', port: 5101 })
    expect(config.firebase.databaseURL).toBe('http://127.0.0.1:9100/?ns=demo-worldmap')
    expect(config.customTokenUrl).toBe('http://127.0.0.1:5101/demo-worldmap/asia-southeast1/onRequestCustomToken')
  })

  test('behavior: a configured dev tunnel host is local mode too (spec §7)', () => {
    const config = readClientConfig(
      { PUBLIC_ENV__DEV_TUNNEL_HOSTS: 'example.ngrok.app, trycloudflare.com' },
      { hostname: 'abc.trycloudflare.com', origin: 'https://abc.trycloudflare.com' },
    )
    expect(config.localMode).toBe(true)
    expect(config.authEmulatorUrl).toBe('http://127.0.0.1:9099')
    expect(config.usernamesUrl).toBe('https://abc.trycloudflare.com/api/dev/usernames')
  })

  test('behavior: PUBLIC_ENV__WORLDMAP_MODE=local forces local mode; empty variables count as unset', () => {
    expect(readClientConfig({ PUBLIC_ENV__WORLDMAP_MODE: 'local' }, production).mode).toBe('local')
    expect(readClientConfig({ PUBLIC_ENV__APP_ID: '', PUBLIC_ENV__MAP_STYLE_URL: ' ' }, local)).toMatchObject({
      appId: 'app_staging_worldmap',
      mapStyleUrl: null,
    })
  })

  test('parameters: configured values win over the local defaults', () => {
    expect(
      readClientConfig({ PUBLIC_ENV__APP_ID: 'app_staging_abc', PUBLIC_ENV__VERIFY_ACTION: 'prove-human' }, local),
    ).toMatchObject({ appId: 'app_staging_abc', verifyAction: 'prove-human' })
  })
})

describe('production', () => {
  test('default: every setting explicit; emulators off, the regional custom token function', () => {
    expect(readClientConfig(productionEnv, production)).toEqual({
      mode: 'production',
      localMode: false,
      appId: 'app_0123456789abcdef',
      verifyAction: 'verify-human-prod',
      firebase: {
        projectId: 'worldmap-prod',
        apiKey: 'AIzaSyTest',
        authDomain: undefined,
        databaseURL: productionEnv.PUBLIC_ENV__FIREBASE_DATABASE_URL,
        databaseRegions: {},
        databasePlayers: [],
        databaseSwitch: null,
      },
      region: 'asia-southeast1',
      authEmulatorUrl: null,
      functionsEmulator: null,
      signNonceUrl: 'https://worldmap.app/api/sign-nonce',
      customTokenUrl: 'https://asia-southeast1-worldmap-prod.cloudfunctions.net/onRequestCustomToken',
      usernamesUrl: 'https://usernames.worldcoin.org',
      worldchainRpcUrl: 'https://worldchain-mainnet.g.alchemy.com/public',
      mapStyleUrl: 'https://tiles.openfreemap.org/styles/liberty',
    })
  })

  test('parameters: the optional settings', () => {
    const config = readClientConfig(
      {
        ...productionEnv,
        PUBLIC_ENV__FIREBASE_AUTH_DOMAIN: 'worldmap-prod.firebaseapp.com',
        PUBLIC_ENV__FUNCTIONS_REGION: 'europe-west1',
        PUBLIC_ENV__CUSTOM_TOKEN_URL: 'https://api.worldmap.app/token',
        PUBLIC_ENV__USERNAMES_URL: 'https://names.test/',
      },
      production,
    )
    expect(config).toMatchObject({
      firebase: { authDomain: 'worldmap-prod.firebaseapp.com' },
      region: 'europe-west1',
      customTokenUrl: 'https://api.worldmap.app/token',
      usernamesUrl: 'https://names.test',
    })
    expect(readClientConfig({ ...productionEnv, PUBLIC_ENV__FUNCTIONS_REGION: 'europe-west1' }, production).customTokenUrl).toBe(
      'https://europe-west1-worldmap-prod.cloudfunctions.net/onRequestCustomToken',
    )
  })

  test('parameters: PUBLIC_ENV__MAP_STYLE_URL=offline is the built-in style, chosen on purpose', () => {
    expect(readClientConfig({ ...productionEnv, PUBLIC_ENV__MAP_STYLE_URL: 'offline' }, production).mapStyleUrl).toBeNull()
    expect(readClientConfig({ PUBLIC_ENV__MAP_STYLE_URL: 'offline' }, local).mapStyleUrl).toBeNull()
    const style = 'https://tiles.example/styles/bright.json'
    expect(readClientConfig({ PUBLIC_ENV__MAP_STYLE_URL: style }, local).mapStyleUrl).toBe(style)
    expect(readClientConfig({ ...productionEnv, PUBLIC_ENV__MAP_STYLE_URL: style }, production).mapStyleUrl).toBe(style)
  })

  test('behavior: PUBLIC_ENV__WORLDMAP_MODE=production on this machine takes local endpoints (pnpm preview:prod)', () => {
    const config = readClientConfig(
      {
        ...productionEnv,
        PUBLIC_ENV__WORLDMAP_MODE: 'production',
        PUBLIC_ENV__FIREBASE_PROJECT_ID: 'demo-worldmap-preview',
        PUBLIC_ENV__APP_ID: 'app_staging_worldmap',
        PUBLIC_ENV__AUTH_EMULATOR_URL: 'http://127.0.0.1:9399/',
        PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: 'http://127.0.0.1:5301',
        PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://localhost:9400',
        PUBLIC_ENV__USERNAMES_URL: 'http://127.0.0.1:5310',
        PUBLIC_ENV__WORLDCHAIN_RPC_URL: 'http://127.0.0.1:8745',
        PUBLIC_ENV__MAP_STYLE_URL: 'http://127.0.0.1:8080/style.json',
      },
      loopbackPage,
    )
    expect(config).toMatchObject({
      mode: 'production',
      localMode: false,
      authEmulatorUrl: 'http://127.0.0.1:9399',
      functionsEmulator: { host: '127.0.0.1', port: 5301 },
      firebase: { projectId: 'demo-worldmap-preview', databaseURL: 'http://localhost:9400/?ns=demo-worldmap-preview' },
      customTokenUrl: 'http://127.0.0.1:5301/demo-worldmap-preview/asia-southeast1/onRequestCustomToken',
      usernamesUrl: 'http://127.0.0.1:5310',
      worldchainRpcUrl: 'http://127.0.0.1:8745',
      mapStyleUrl: 'http://127.0.0.1:8080/style.json',
      signNonceUrl: 'http://127.0.0.1:5300/api/sign-nonce',
    })
    // Without emulator URLs, the configured database URL as it is.
    expect(readClientConfig({ ...productionEnv, PUBLIC_ENV__WORLDMAP_MODE: 'production' }, loopbackPage)).toMatchObject({
      authEmulatorUrl: null,
      functionsEmulator: null,
      firebase: { databaseURL: productionEnv.PUBLIC_ENV__FIREBASE_DATABASE_URL },
    })
  })

  test('behavior: pnpm preview:prod’s database on a *.localhost name (its shard proxy) is accepted on this machine only', () => {
    const databaseURL = 'http://worldmap-default-rtdb.localhost:9400/?ns=demo-worldmap'
    const env = { ...productionEnv, PUBLIC_ENV__WORLDMAP_MODE: 'production', PUBLIC_ENV__FIREBASE_DATABASE_URL: databaseURL }
    expect(readClientConfig(env, loopbackPage).firebase.databaseURL).toBe(databaseURL)
    // A deployed page: https only, as ever.
    expect(configError(env).problems).toEqual([{ variable: 'PUBLIC_ENV__FIREBASE_DATABASE_URL', reason: 'must be an https URL' }])
    // A look-alike is no loopback name.
    expect(
      configError({ ...env, PUBLIC_ENV__FIREBASE_DATABASE_URL: 'http://x.localhost.example:9400/' }, loopbackPage).problems,
    ).toEqual([{ variable: 'PUBLIC_ENV__FIREBASE_DATABASE_URL', reason: 'must be an https URL (http only for localhost)' }])
  })

  test('parameters: region instances on https; none configured is everything on the main instance', () => {
    const regions =
      'w21=https://wm-sea-1.asia-southeast1.firebasedatabase.app,qqg=https://wm-jkt-1.asia-southeast1.firebasedatabase.app'
    expect(
      readClientConfig({ ...productionEnv, PUBLIC_ENV__DATABASE_REGIONS: regions }, production).firebase.databaseRegions,
    ).toEqual({
      w21: 'https://wm-sea-1.asia-southeast1.firebasedatabase.app',
      qqg: 'https://wm-jkt-1.asia-southeast1.firebasedatabase.app',
    })
    expect(
      readClientConfig({ ...productionEnv, PUBLIC_ENV__DATABASE_REGIONS: ' ' }, production).firebase.databaseRegions,
    ).toEqual({})
  })

  test('parameters: player instances on https, in order, each once; none configured is every player on main', () => {
    const players = 'https://wm-p1.asia-southeast1.firebasedatabase.app, https://wm-p2.asia-southeast1.firebasedatabase.app'
    expect(
      readClientConfig({ ...productionEnv, PUBLIC_ENV__DATABASE_PLAYERS: players }, production).firebase.databasePlayers,
    ).toEqual(['https://wm-p1.asia-southeast1.firebasedatabase.app', 'https://wm-p2.asia-southeast1.firebasedatabase.app'])
    expect(readClientConfig(productionEnv, production).firebase.databasePlayers).toEqual([])
    expect(
      readClientConfig({ ...productionEnv, PUBLIC_ENV__DATABASE_PLAYERS: ' ' }, production).firebase.databasePlayers,
    ).toEqual([])
  })

  test('error: player instances over http, twice, or not URLs are refused; on this machine loopback http is fine', () => {
    const reason = 'must be comma-separated database URLs (https, each once, at most 32)'
    const p1 = 'https://wm-p1.asia-southeast1.firebasedatabase.app'
    for (const value of [`${p1},${p1}`, 'players', `${p1},ftp://x.example`])
      expect(configError({ ...productionEnv, PUBLIC_ENV__DATABASE_PLAYERS: value }).problems).toEqual([
        { variable: 'PUBLIC_ENV__DATABASE_PLAYERS', reason },
      ])
    const local = `${p1},http://127.0.0.1:9178/?ns=demo-worldmap-r2`
    expect(configError({ ...productionEnv, PUBLIC_ENV__DATABASE_PLAYERS: local }).problems).toEqual([
      { variable: 'PUBLIC_ENV__DATABASE_PLAYERS', reason: 'must hold https URLs only' },
    ])
    const onThisMachine = { ...productionEnv, PUBLIC_ENV__WORLDMAP_MODE: 'production', PUBLIC_ENV__DATABASE_PLAYERS: local }
    expect(readClientConfig(onThisMachine, loopbackPage).firebase.databasePlayers).toEqual([
      p1,
      'http://127.0.0.1:9178/?ns=demo-worldmap-r2',
    ])
  })

  test('parameters: a switch day with the next tables is a switch at that day’s 00:00 UTC; an unset next table is empty', () => {
    const sea = 'https://wm-sea-1.asia-southeast1.firebasedatabase.app'
    const p2 = 'https://wm-p2.asia-southeast1.firebasedatabase.app'
    const env = {
      ...productionEnv,
      PUBLIC_ENV__DATABASE_SWITCH_DAY: '2026-12-07',
      PUBLIC_ENV__DATABASE_NEXT_REGIONS: `w21=${sea}`,
      PUBLIC_ENV__DATABASE_NEXT_PLAYERS: ` ${p2} `,
    }
    expect(readClientConfig(env, production).firebase.databaseSwitch).toEqual({
      at: Date.UTC(2026, 11, 7),
      next: { regions: { w21: sea }, players: [p2] },
    })
    expect(
      readClientConfig({ ...productionEnv, PUBLIC_ENV__DATABASE_SWITCH_DAY: '2026-12-07' }, production).firebase.databaseSwitch,
    ).toEqual({ at: Date.UTC(2026, 11, 7), next: { regions: {}, players: [] } })
    expect(readClientConfig(productionEnv, production).firebase.databaseSwitch).toBeNull()
  })

  test.each([
    ['2026-12-7', 'not zero-padded'],
    ['2026-02-30', 'not a calendar day'],
    ['1969-12-31', 'before 1970'],
    ['9999-06-01', 'past what the router takes'],
    ['2026-12-07T00:00:00Z', 'a time, not a day'],
  ])('error: switch day %j (%s) is refused by name, never echoed', (day) => {
    const error = configError({ ...productionEnv, PUBLIC_ENV__DATABASE_SWITCH_DAY: day })
    expect(error.problems).toEqual([{ variable: 'PUBLIC_ENV__DATABASE_SWITCH_DAY', reason: 'must be a day, YYYY-MM-DD' }])
    expect(error.message).not.toContain(day)
  })

  test('error: next tables without a switch day, bad or on http, are refused by name', () => {
    const p2 = 'https://wm-p2.asia-southeast1.firebasedatabase.app'
    const noDay = 'is set without PUBLIC_ENV__DATABASE_SWITCH_DAY'
    expect(
      configError({ ...productionEnv, PUBLIC_ENV__DATABASE_NEXT_PLAYERS: p2, PUBLIC_ENV__DATABASE_NEXT_REGIONS: `w21=${p2}` })
        .problems,
    ).toEqual([
      { variable: 'PUBLIC_ENV__DATABASE_NEXT_REGIONS', reason: noDay },
      { variable: 'PUBLIC_ENV__DATABASE_NEXT_PLAYERS', reason: noDay },
    ])
    const withDay = { ...productionEnv, PUBLIC_ENV__DATABASE_SWITCH_DAY: '2026-12-07' }
    expect(
      configError({ ...withDay, PUBLIC_ENV__DATABASE_NEXT_PLAYERS: `${p2},${p2}`, PUBLIC_ENV__DATABASE_NEXT_REGIONS: 'w21' })
        .problems,
    ).toEqual([
      {
        variable: 'PUBLIC_ENV__DATABASE_NEXT_REGIONS',
        reason:
          'must be comma-separated prefix=URL pairs (a 1–6 character geohash prefix, each prefix once; an https database URL)',
      },
      {
        variable: 'PUBLIC_ENV__DATABASE_NEXT_PLAYERS',
        reason: 'must be comma-separated database URLs (https, each once, at most 32)',
      },
    ])
    const local = 'http://127.0.0.1:9178/?ns=demo-worldmap-r2'
    expect(
      configError({ ...withDay, PUBLIC_ENV__DATABASE_NEXT_PLAYERS: local, PUBLIC_ENV__DATABASE_NEXT_REGIONS: `w21=${local}` })
        .problems,
    ).toEqual([
      { variable: 'PUBLIC_ENV__DATABASE_NEXT_REGIONS', reason: 'must hold https URLs only' },
      { variable: 'PUBLIC_ENV__DATABASE_NEXT_PLAYERS', reason: 'must hold https URLs only' },
    ])
  })

  test('error: a region instance over http is refused in production, as the main database is; on this machine only loopback', () => {
    const regions = 'w21=https://wm-sea-1.asia-southeast1.firebasedatabase.app,u09=http://127.0.0.1:9177/?ns=demo-worldmap-r1'
    expect(configError({ ...productionEnv, PUBLIC_ENV__DATABASE_REGIONS: regions }).problems).toEqual([
      { variable: 'PUBLIC_ENV__DATABASE_REGIONS', reason: 'must hold https URLs only' },
    ])
    const onThisMachine = { ...productionEnv, PUBLIC_ENV__WORLDMAP_MODE: 'production', PUBLIC_ENV__DATABASE_REGIONS: regions }
    expect(readClientConfig(onThisMachine, loopbackPage).firebase.databaseRegions.u09).toBe(
      'http://127.0.0.1:9177/?ns=demo-worldmap-r1',
    )
  })

  test.each([
    'PUBLIC_ENV__APP_ID',
    'PUBLIC_ENV__VERIFY_ACTION',
    'PUBLIC_ENV__FIREBASE_PROJECT_ID',
    'PUBLIC_ENV__FIREBASE_API_KEY',
    'PUBLIC_ENV__FIREBASE_DATABASE_URL',
    'PUBLIC_ENV__MAP_STYLE_URL',
    'PUBLIC_ENV__USERNAMES_URL',
    'PUBLIC_ENV__WORLDCHAIN_RPC_URL',
  ] as const)('error: %s is required in production', (variable) => {
    for (const value of [undefined, '', '  ']) {
      expect(configError({ ...productionEnv, [variable]: value }).problems).toEqual([{ variable, reason: 'is not set' }])
    }
  })

  test.each([
    ['PUBLIC_ENV__WORLDMAP_MODE', 'staging', 'must be local or production'],
    ['PUBLIC_ENV__APP_ID', 'worldmap', 'must be a Developer Portal app id (app_…)'],
    ['PUBLIC_ENV__APP_ID', 'app_staging_worldmap', 'must not be the local stack’s staging app id'],
    ['PUBLIC_ENV__VERIFY_ACTION', 'verify human', 'must be an action name (1–64 letters, digits, - or _)'],
    ['PUBLIC_ENV__FIREBASE_PROJECT_ID', 'World Map', 'must be a Firebase project id'],
    ['PUBLIC_ENV__FIREBASE_PROJECT_ID', 'demo-worldmap', 'must not be a demo- project (they exist only in the emulators)'],
    ['PUBLIC_ENV__FIREBASE_DATABASE_URL', 'worldmap-db', 'must be a URL'],
    ['PUBLIC_ENV__FIREBASE_DATABASE_URL', 'http://worldmap-db.example', 'must be an https URL'],
    ['PUBLIC_ENV__FIREBASE_DATABASE_URL', 'http://127.0.0.1:9000/?ns=x', 'must be an https URL'],
    ['PUBLIC_ENV__FUNCTIONS_REGION', 'Asia', 'must be a region like asia-southeast1'],
    ['PUBLIC_ENV__CUSTOM_TOKEN_URL', 'http://api.worldmap.app/token', 'must be an https URL'],
    ['PUBLIC_ENV__USERNAMES_URL', 'names', 'must be a URL'],
    ['PUBLIC_ENV__USERNAMES_URL', 'http://names.example', 'must be an https URL'],
    ['PUBLIC_ENV__WORLDCHAIN_RPC_URL', 'http://rpc.example', 'must be an https URL'],
    ['PUBLIC_ENV__MAP_STYLE_URL', 'http://tiles.example/style.json', 'must be an https URL or offline'],
    ['PUBLIC_ENV__MAP_STYLE_URL', 'http://localhost:8080/style.json', 'must be an https URL or offline'],
    ['PUBLIC_ENV__MAP_STYLE_URL', 'tiles.example/style.json', 'must be an https URL or offline'],
    ['PUBLIC_ENV__MAP_STYLE_URL', 'Offline', 'must be an https URL or offline'],
    [
      'PUBLIC_ENV__AUTH_EMULATOR_URL',
      'http://127.0.0.1:9099',
      'must not be set outside local mode (an emulator is never on a deployed page)',
    ],
    [
      'PUBLIC_ENV__FUNCTIONS_EMULATOR_URL',
      'http://127.0.0.1:5001',
      'must not be set outside local mode (an emulator is never on a deployed page)',
    ],
    [
      'PUBLIC_ENV__DATABASE_EMULATOR_URL',
      'https://emulator.example',
      'must not be set outside local mode (an emulator is never on a deployed page)',
    ],
  ] as const)('error: %s = %j in production', (variable, value, reason) => {
    const error = configError({ ...productionEnv, [variable]: value })
    expect(error.problems).toEqual([{ variable, reason }])
    expect(error.message).toBe(`Invalid public configuration: ${variable} ${reason}`)
  })

  test.each([
    ['PUBLIC_ENV__AUTH_EMULATOR_URL', 'http://emulator.example:9099', 'must be a localhost URL (an emulator on this machine)'],
    ['PUBLIC_ENV__USERNAMES_URL', 'http://names.example', 'must be an https URL (http only for localhost)'],
    ['PUBLIC_ENV__MAP_STYLE_URL', 'ftp://127.0.0.1/style.json', 'must be an https URL (http only for localhost) or offline'],
  ] as const)('error: %s = %j in production on this machine', (variable, value, reason) => {
    const env = { ...productionEnv, PUBLIC_ENV__WORLDMAP_MODE: 'production', [variable]: value }
    expect(configError(env, loopbackPage).problems).toEqual([{ variable, reason }])
  })

  test('error: every problem at once, in variable order', () => {
    expect(() =>
      readClientConfig({ PUBLIC_ENV__AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' }, production),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ClientConfigError: Invalid public configuration: PUBLIC_ENV__APP_ID is not set; PUBLIC_ENV__VERIFY_ACTION is not set; PUBLIC_ENV__FIREBASE_PROJECT_ID is not set; PUBLIC_ENV__FIREBASE_API_KEY is not set; PUBLIC_ENV__FIREBASE_DATABASE_URL is not set; PUBLIC_ENV__AUTH_EMULATOR_URL must not be set outside local mode (an emulator is never on a deployed page); PUBLIC_ENV__USERNAMES_URL is not set; PUBLIC_ENV__WORLDCHAIN_RPC_URL is not set; PUBLIC_ENV__MAP_STYLE_URL is not set]
    `)
  })

  test('behavior: production never yields the staging app id, a demo project or an emulator', () => {
    const anyValue = fc.option(
      fc.oneof(
        fc.constantFrom(...Object.values(productionEnv), 'offline', 'http://127.0.0.1:9099', 'production', 'app_1'),
        fc.webUrl(),
        fc.string(),
      ),
      { nil: undefined },
    )
    fc.assert(
      fc.property(fc.record(Object.fromEntries(CLIENT_VARIABLES.map((key) => [key, anyValue]))), (env: ClientEnv) => {
        let config: ReturnType<typeof readClientConfig>
        try {
          // Only an explicit PUBLIC_ENV__WORLDMAP_MODE=local or a tunnel host is local on a deployed page.
          const mode = env.PUBLIC_ENV__WORLDMAP_MODE?.trim() === 'local' ? undefined : env.PUBLIC_ENV__WORLDMAP_MODE
          config = readClientConfig(
            { ...env, PUBLIC_ENV__WORLDMAP_MODE: mode, PUBLIC_ENV__DEV_TUNNEL_HOSTS: undefined },
            production,
          )
        } catch (error) {
          expect(error).toBeInstanceOf(ClientConfigError)
          return
        }
        expect(config.mode).toBe('production')
        expect(config.appId).not.toBe('app_staging_worldmap')
        expect(config.firebase.projectId).not.toMatch(/^demo-/)
        expect(config.firebase.apiKey).not.toBe('demo-api-key')
        expect(config.mapStyleUrl ?? 'offline').toBe(env.PUBLIC_ENV__MAP_STYLE_URL?.trim())
        expect(config.authEmulatorUrl).toBeNull()
        expect(config.functionsEmulator).toBeNull()
      }),
    )
  })

  test('behavior: any environment gives a config or a ClientConfigError naming variables, never echoing a value', () => {
    // Free-form values carry a marker no message contains, so an echoed value would show.
    const value = fc.oneof(
      fc.string().map((text) => `⟦${text}`),
      fc.webUrl().map((url) => `${url}#⟦`),
      fc.constantFrom('', 'offline', 'local', 'production', 'http://127.0.0.1:1', 'app_1'),
    )
    const page = fc.constantFrom(production, local, loopbackPage)
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...CLIENT_VARIABLES), value), page, (env, location) => {
        try {
          readClientConfig(env, location)
        } catch (error) {
          expect(error).toBeInstanceOf(ClientConfigError)
          const { message, problems } = error as ClientConfigError
          expect(message).not.toContain('⟦')
          expect(problems.length).toBeGreaterThan(0)
          for (const { variable } of problems) expect(CLIENT_VARIABLES).toContain(variable)
        }
      }),
      { numRuns: 300 },
    )
  })
})
