import { expect, test } from 'vitest'
import { ClientConfigError } from './ClientConfigError.js'
import { DEFAULT_MAP_STYLE_URL, readClientConfig } from './readClientConfig.js'

const local = { hostname: 'localhost', origin: 'http://localhost:3000' }
const production = { hostname: 'worldmap.app', origin: 'https://worldmap.app' }
const productionEnv = {
  PUBLIC_ENV__FIREBASE_PROJECT_ID: 'worldmap-prod',
  PUBLIC_ENV__FIREBASE_API_KEY: 'AIzaSyTest',
  PUBLIC_ENV__FIREBASE_DATABASE_URL: 'https://worldmap-prod-default-rtdb.asia-southeast1.firebasedatabase.app',
  PUBLIC_ENV__APP_ID: 'app_0123456789abcdef',
}

test('default: local mode on localhost uses the local stack and our usernames stand-in', () => {
  expect(readClientConfig({}, local)).toEqual({
    localMode: true,
    appId: 'app_staging_worldmap',
    firebase: {
      projectId: 'demo-worldmap',
      apiKey: 'demo-api-key',
      authDomain: undefined,
      databaseURL: 'http://127.0.0.1:9000/?ns=demo-worldmap',
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

test('behavior: production talks to real Firebase, World usernames and the regional function', () => {
  const config = readClientConfig(productionEnv, production)
  expect(config).toMatchObject({
    localMode: false,
    appId: 'app_0123456789abcdef',
    authEmulatorUrl: null,
    functionsEmulator: null,
    firebase: { projectId: 'worldmap-prod', apiKey: 'AIzaSyTest', databaseURL: productionEnv.PUBLIC_ENV__FIREBASE_DATABASE_URL },
    signNonceUrl: 'https://worldmap.app/api/sign-nonce',
    customTokenUrl: 'https://asia-southeast1-worldmap-prod.cloudfunctions.net/onRequestCustomToken',
    usernamesUrl: 'https://usernames.worldcoin.org',
    // The SDK's default World Chain RPC.
    worldchainRpcUrl: undefined,
    mapStyleUrl: 'https://tiles.openfreemap.org/styles/liberty',
  })
  expect(config.mapStyleUrl).toBe(DEFAULT_MAP_STYLE_URL)
})

test('parameters: explicit custom token and usernames URLs win', () => {
  const config = readClientConfig(
    {
      ...productionEnv,
      PUBLIC_ENV__CUSTOM_TOKEN_URL: 'https://api.worldmap.app/token',
      PUBLIC_ENV__USERNAMES_URL: 'https://names.test/',
    },
    production,
  )
  expect(config.customTokenUrl).toBe('https://api.worldmap.app/token')
  expect(config.usernamesUrl).toBe('https://names.test')
})

test('error: outside local mode the Firebase web config is required', () => {
  expect(() => readClientConfig({}, production)).toThrowErrorMatchingInlineSnapshot(
    `[ClientConfigError: Missing public configuration: PUBLIC_ENV__FIREBASE_PROJECT_ID is required outside local mode]`,
  )
  const { PUBLIC_ENV__FIREBASE_DATABASE_URL: _, ...withoutDatabase } = productionEnv
  expect(() => readClientConfig(withoutDatabase, production)).toThrow(
    'Missing public configuration: PUBLIC_ENV__FIREBASE_DATABASE_URL is required outside local mode',
  )
})

test('error: invalid values name the variable', () => {
  expect(() => readClientConfig({ PUBLIC_ENV__AUTH_EMULATOR_URL: 'not a url' }, local)).toThrow(ClientConfigError)
  expect(() => readClientConfig({ PUBLIC_ENV__AUTH_EMULATOR_URL: 'not a url' }, local)).toThrow(/PUBLIC_ENV__AUTH_EMULATOR_URL/)
  expect(() => readClientConfig({ PUBLIC_ENV__APP_ID: 'worldmap' }, local)).toThrow(/PUBLIC_ENV__APP_ID/)
})

test('parameters: PUBLIC_ENV__MAP_STYLE_URL is the map style in local mode and elsewhere', () => {
  const style = 'https://tiles.example/styles/bright.json'
  expect(readClientConfig({ PUBLIC_ENV__MAP_STYLE_URL: style }, local).mapStyleUrl).toBe(style)
  expect(readClientConfig({ ...productionEnv, PUBLIC_ENV__MAP_STYLE_URL: style }, production).mapStyleUrl).toBe(style)
  // A tile server on the developer's own machine may speak plain HTTP.
  for (const url of ['http://localhost:8080/style.json', 'http://127.0.0.1:8080/style.json', 'http://[::1]:8080/s.json']) {
    expect(readClientConfig({ PUBLIC_ENV__MAP_STYLE_URL: url }, local).mapStyleUrl).toBe(url)
  }
})

test('error: a map style URL that is not https (or http on localhost) names the variable', () => {
  for (const url of ['http://tiles.example/style.json', 'ftp://tiles.example/style.json', 'tiles.example/style.json', '']) {
    expect(() => readClientConfig({ PUBLIC_ENV__MAP_STYLE_URL: url }, local)).toThrow(ClientConfigError)
    expect(() => readClientConfig({ ...productionEnv, PUBLIC_ENV__MAP_STYLE_URL: url }, production)).toThrow(
      /PUBLIC_ENV__MAP_STYLE_URL/,
    )
  }
  expect(() => readClientConfig({ PUBLIC_ENV__MAP_STYLE_URL: 'http://tiles.example/s.json' }, local)).toThrow(
    'must be an https URL (http only for localhost)',
  )
})
