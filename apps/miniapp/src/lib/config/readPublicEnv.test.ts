import { expect, test, vi } from 'vitest'
import { readPublicEnv } from './readPublicEnv.js'

test('default: every client variable, unset ones undefined', () => {
  vi.stubEnv('PUBLIC_ENV__APP_ID', undefined)
  const env = readPublicEnv()
  expect(Object.keys(env).sort()).toEqual([
    'PUBLIC_ENV__APP_ID',
    'PUBLIC_ENV__AUTH_EMULATOR_URL',
    'PUBLIC_ENV__CUSTOM_TOKEN_URL',
    'PUBLIC_ENV__DATABASE_EMULATOR_URL',
    'PUBLIC_ENV__DATABASE_NEXT_PLAYERS',
    'PUBLIC_ENV__DATABASE_NEXT_REGIONS',
    'PUBLIC_ENV__DATABASE_PLAYERS',
    'PUBLIC_ENV__DATABASE_REGIONS',
    'PUBLIC_ENV__DATABASE_SWITCH_DAY',
    'PUBLIC_ENV__DEV_TUNNEL_HOSTS',
    'PUBLIC_ENV__FIREBASE_API_KEY',
    'PUBLIC_ENV__FIREBASE_AUTH_DOMAIN',
    'PUBLIC_ENV__FIREBASE_DATABASE_URL',
    'PUBLIC_ENV__FIREBASE_PROJECT_ID',
    'PUBLIC_ENV__FUNCTIONS_EMULATOR_URL',
    'PUBLIC_ENV__FUNCTIONS_REGION',
    'PUBLIC_ENV__MAP_STYLE_URL',
    'PUBLIC_ENV__USERNAMES_URL',
    'PUBLIC_ENV__VERIFY_ACTION',
    'PUBLIC_ENV__WORLDCHAIN_RPC_URL',
    'PUBLIC_ENV__WORLDMAP_MODE',
  ])
  expect(env.PUBLIC_ENV__APP_ID).toBeUndefined()
})

test('parameters: the values the build has', () => {
  vi.stubEnv('PUBLIC_ENV__FIREBASE_DATABASE_URL', 'https://db.example')
  vi.stubEnv('PUBLIC_ENV__WORLDCHAIN_RPC_URL', 'https://rpc.example')
  expect(readPublicEnv()).toMatchObject({
    PUBLIC_ENV__FIREBASE_DATABASE_URL: 'https://db.example',
    PUBLIC_ENV__WORLDCHAIN_RPC_URL: 'https://rpc.example',
  })
})
