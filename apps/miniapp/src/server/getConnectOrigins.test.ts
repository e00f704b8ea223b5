import { expect, test } from 'vitest'
import { readClientConfig } from '../lib/config/readClientConfig.js'
import { productionPublicEnv } from '../lib/config/testing/productionPublicEnv.js'
import { FIREBASE_AUTH_ORIGINS, getConnectOrigins } from './getConnectOrigins.js'

const local = { hostname: 'localhost', origin: 'http://localhost:3000' }
const production = { hostname: 'worldmap.app', origin: 'https://worldmap.app' }
const productionEnv = productionPublicEnv

test('default: local mode reaches the local stack on its default ports, and no map server (the offline style fetches nothing)', () => {
  expect(getConnectOrigins(readClientConfig({}, local), local.origin)).toEqual([
    'http://127.0.0.1:5001',
    'http://127.0.0.1:8545',
    'http://127.0.0.1:9000',
    'http://127.0.0.1:9099',
    'ws://127.0.0.1:9000',
  ])
})

test('parameters: the stack ports given as PUBLIC_ENV__ variables; the usernames stand-in is the page itself', () => {
  const config = readClientConfig(
    {
      PUBLIC_ENV__AUTH_EMULATOR_URL: 'http://127.0.0.1:9199',
      PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: 'http://127.0.0.1:5101',
      PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9100',
      PUBLIC_ENV__WORLDCHAIN_RPC_URL: 'http://127.0.0.1:8645',
      PUBLIC_ENV__CUSTOM_TOKEN_URL: 'http://127.0.0.1:5101/demo-worldmap/asia-southeast1/onRequestCustomToken',
    },
    local,
  )
  expect(config.usernamesUrl).toBe('http://localhost:3000/api/dev/usernames')
  expect(getConnectOrigins(config, local.origin)).toEqual([
    'http://127.0.0.1:5101',
    'http://127.0.0.1:8645',
    'http://127.0.0.1:9100',
    'http://127.0.0.1:9199',
    'ws://127.0.0.1:9100',
  ])
})

test('behavior: every player database instance is reached over HTTP and websockets, as the main one is', () => {
  const config = readClientConfig(
    {
      PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9100',
      PUBLIC_ENV__DATABASE_PLAYERS: 'http://127.0.0.1:9178/?ns=demo-worldmap-r2,http://127.0.0.1:9179/?ns=demo-worldmap-r3',
    },
    local,
  )
  expect(getConnectOrigins(config, local.origin)).toEqual(
    expect.arrayContaining(['http://127.0.0.1:9178', 'ws://127.0.0.1:9178', 'http://127.0.0.1:9179', 'ws://127.0.0.1:9179']),
  )
})

test('behavior: the next table’s region and player instances are reached too: an open page crosses the switch', () => {
  const config = readClientConfig(
    {
      PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9100',
      PUBLIC_ENV__DATABASE_SWITCH_DAY: '2026-12-07',
      PUBLIC_ENV__DATABASE_NEXT_REGIONS: 'w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1',
      PUBLIC_ENV__DATABASE_NEXT_PLAYERS: 'http://127.0.0.1:9178/?ns=demo-worldmap-r2',
    },
    local,
  )
  expect(getConnectOrigins(config, local.origin)).toEqual(
    expect.arrayContaining(['http://127.0.0.1:9177', 'ws://127.0.0.1:9177', 'http://127.0.0.1:9178', 'ws://127.0.0.1:9178']),
  )
})

test('behavior: every region database instance is reached over HTTP and websockets, as the main one is', () => {
  const config = readClientConfig(
    {
      PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9100',
      PUBLIC_ENV__DATABASE_REGIONS:
        'w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1,u09=http://127.0.0.1:9178/?ns=demo-worldmap-r2,w2=http://127.0.0.1:9177/?ns=demo-worldmap-r1',
    },
    local,
  )
  expect(getConnectOrigins(config, local.origin)).toEqual([
    'http://127.0.0.1:5001',
    'http://127.0.0.1:8545',
    'http://127.0.0.1:9099',
    'http://127.0.0.1:9100',
    'http://127.0.0.1:9177',
    'http://127.0.0.1:9178',
    'ws://127.0.0.1:9100',
    'ws://127.0.0.1:9177',
    'ws://127.0.0.1:9178',
  ])
  // In production, a region instance in another Firebase location brings that location's shard hosts.
  const production = readClientConfig(
    { ...productionEnv, PUBLIC_ENV__DATABASE_REGIONS: 'u09=https://wm-eu-1.europe-west1.firebasedatabase.app' },
    { hostname: 'worldmap.app', origin: 'https://worldmap.app' },
  )
  expect(getConnectOrigins(production, 'https://worldmap.app')).toEqual(
    expect.arrayContaining([
      'https://*.asia-southeast1.firebasedatabase.app',
      'wss://*.asia-southeast1.firebasedatabase.app',
      'https://*.europe-west1.firebasedatabase.app',
      'wss://*.europe-west1.firebasedatabase.app',
    ]),
  )
})

test('behavior: production reaches Firebase Auth, the regional functions, the database over HTTPS and WSS, World services', () => {
  expect(getConnectOrigins(readClientConfig(productionEnv, production), production.origin)).toEqual([
    // Every shard host of the database's regional domain: the handshake may move the socket there.
    'https://*.asia-southeast1.firebasedatabase.app',
    'https://asia-southeast1-worldmap-prod.cloudfunctions.net',
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://tiles.openfreemap.org',
    'https://usernames.worldcoin.org',
    'https://worldchain-mainnet.g.alchemy.com',
    'wss://*.asia-southeast1.firebasedatabase.app',
  ])
})

test('parameters: configured custom token, usernames and RPC URLs replace the defaults', () => {
  const config = readClientConfig(
    {
      ...productionEnv,
      PUBLIC_ENV__CUSTOM_TOKEN_URL: 'https://api.worldmap.app/token',
      PUBLIC_ENV__USERNAMES_URL: 'https://names.example/',
      PUBLIC_ENV__WORLDCHAIN_RPC_URL: 'https://rpc.example/v1/key',
    },
    production,
  )
  const origins = getConnectOrigins(config, production.origin)
  expect(origins).toEqual(expect.arrayContaining(['https://api.worldmap.app', 'https://names.example', 'https://rpc.example']))
  expect(origins).not.toContain('https://usernames.worldcoin.org')
  expect(origins).not.toContain('https://worldchain-mainnet.g.alchemy.com')
  for (const origin of FIREBASE_AUTH_ORIGINS) expect(origins).toContain(origin)
})

test('parameters: a configured map style is reached on its own server, instead of the default one', () => {
  const config = readClientConfig(
    { ...productionEnv, PUBLIC_ENV__MAP_STYLE_URL: 'https://maps.example/styles/day.json' },
    production,
  )
  const origins = getConnectOrigins(config, production.origin)
  expect(origins).toContain('https://maps.example')
  expect(origins).not.toContain('https://tiles.openfreemap.org')
  const local = readClientConfig(
    { PUBLIC_ENV__MAP_STYLE_URL: 'http://localhost:8080/style.json' },
    { hostname: 'localhost', origin: 'http://localhost:3000' },
  )
  expect(getConnectOrigins(local, 'http://localhost:3000')).toContain('http://localhost:8080')
})

test("behavior: no wildcard but the database's shard domain, never a path or the page origin", () => {
  const origins = getConnectOrigins(readClientConfig(productionEnv, production), production.origin)
  for (const origin of origins) {
    if (origin.includes('*')) {
      expect(origin).toMatch(/^(https|wss):\/\/\*\.asia-southeast1\.firebasedatabase\.app$/)
      continue
    }
    expect(origin).toBe(new URL(origin).origin)
  }
  expect(origins).not.toContain(production.origin)
})

test('parameters: the offline map style fetches nothing, so no map server is allowed', () => {
  const config = readClientConfig({ ...productionEnv, PUBLIC_ENV__MAP_STYLE_URL: 'offline' }, production)
  expect(config.mapStyleUrl).toBeNull()
  expect(getConnectOrigins(config, production.origin)).not.toContain('https://tiles.openfreemap.org')
})

test('behavior: a production build run on this machine (pnpm preview:prod) reaches exactly its local endpoints', () => {
  const page = { hostname: '127.0.0.1', origin: 'http://127.0.0.1:5300' }
  const config = readClientConfig(
    {
      ...productionEnv,
      PUBLIC_ENV__WORLDMAP_MODE: 'production',
      PUBLIC_ENV__FIREBASE_PROJECT_ID: 'demo-worldmap-preview',
      PUBLIC_ENV__AUTH_EMULATOR_URL: 'http://127.0.0.1:9399',
      PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: 'http://127.0.0.1:5301',
      PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9400',
      PUBLIC_ENV__USERNAMES_URL: 'http://127.0.0.1:5310',
      PUBLIC_ENV__WORLDCHAIN_RPC_URL: 'http://127.0.0.1:8745',
      PUBLIC_ENV__MAP_STYLE_URL: 'offline',
    },
    page,
  )
  expect(getConnectOrigins(config, page.origin)).toEqual([
    'http://127.0.0.1:5301',
    'http://127.0.0.1:5310',
    'http://127.0.0.1:8745',
    'http://127.0.0.1:9399',
    'http://127.0.0.1:9400',
    'ws://127.0.0.1:9400',
  ])
})
