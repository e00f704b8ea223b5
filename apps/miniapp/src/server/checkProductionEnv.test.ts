import { expect, test } from 'vitest'
import { productionPublicEnv } from '../lib/config/testing/productionPublicEnv.js'
import { checkClientEnv, checkServerEnv } from './checkProductionEnv.js'

test('default: a complete production build environment has no problems', () => {
  expect(checkClientEnv(productionPublicEnv)).toEqual([])
  expect(checkClientEnv({ ...productionPublicEnv, PUBLIC_ENV__WORLDMAP_MODE: 'production' })).toEqual([])
})

test('error: every missing variable at once, for a page players open', () => {
  expect(checkClientEnv({}).map(({ variable }) => variable)).toEqual([
    'PUBLIC_ENV__APP_ID',
    'PUBLIC_ENV__VERIFY_ACTION',
    'PUBLIC_ENV__FIREBASE_PROJECT_ID',
    'PUBLIC_ENV__FIREBASE_API_KEY',
    'PUBLIC_ENV__FIREBASE_DATABASE_URL',
    'PUBLIC_ENV__USERNAMES_URL',
    'PUBLIC_ENV__WORLDCHAIN_RPC_URL',
    'PUBLIC_ENV__MAP_STYLE_URL',
  ])
})

test('error: a deploy may not force local mode, use emulators, a demo project or loopback endpoints', () => {
  expect(
    checkClientEnv({
      ...productionPublicEnv,
      PUBLIC_ENV__WORLDMAP_MODE: 'local',
      PUBLIC_ENV__FIREBASE_PROJECT_ID: 'demo-worldmap',
      PUBLIC_ENV__AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
      PUBLIC_ENV__WORLDCHAIN_RPC_URL: 'http://127.0.0.1:8545',
      // A tunnel entry matching everything cannot turn the check into local mode either.
      PUBLIC_ENV__DEV_TUNNEL_HOSTS: 'invalid',
    }),
  ).toEqual([
    { variable: 'PUBLIC_ENV__WORLDMAP_MODE', reason: 'must be production or unset for a deploy' },
    { variable: 'PUBLIC_ENV__FIREBASE_PROJECT_ID', reason: 'must not be a demo- project (they exist only in the emulators)' },
    {
      variable: 'PUBLIC_ENV__AUTH_EMULATOR_URL',
      reason: 'must not be set outside local mode (an emulator is never on a deployed page)',
    },
    { variable: 'PUBLIC_ENV__WORLDCHAIN_RPC_URL', reason: 'must be an https URL' },
  ])
  expect(checkClientEnv({ ...productionPublicEnv, PUBLIC_ENV__WORLDMAP_MODE: 'beta' })).toEqual([
    { variable: 'PUBLIC_ENV__WORLDMAP_MODE', reason: 'must be local or production' },
  ])
})

test('parameters: a page on this machine (pnpm preview:prod) accepts local endpoints', () => {
  const page = { hostname: '127.0.0.1', origin: 'http://127.0.0.1:5300' }
  const env = { ...productionPublicEnv, PUBLIC_ENV__AUTH_EMULATOR_URL: 'http://127.0.0.1:9399' }
  expect(checkClientEnv(env, page)).toEqual([])
})

test('default: the app server in a deploy: origins set, the secret from Secret Manager', () => {
  expect(checkServerEnv({ WORLDMAP_APP_ORIGINS: 'https://worldmap.app' })).toEqual([])
  expect(
    checkServerEnv({ WORLDMAP_APP_ORIGINS: 'https://worldmap.app', WORLDMAP_NONCE_SECRET: 's'.repeat(32) }, { secrets: 'env' }),
  ).toEqual([])
})

test('error: the app server in a deploy', () => {
  expect(checkServerEnv({ WORLDMAP_MODE: 'local', WORLDMAP_NONCE_SECRET: 's'.repeat(32) })).toEqual([
    { variable: 'WORLDMAP_MODE', reason: 'must be production or unset for a deploy' },
    {
      variable: 'WORLDMAP_NONCE_SECRET',
      reason: 'is a secret: set it with `firebase functions:secrets:set`, not in an env file',
    },
    { variable: 'WORLDMAP_APP_ORIGINS', reason: 'is not set' },
  ])
  expect(checkServerEnv({ WORLDMAP_APP_ORIGINS: 'http://worldmap.app' }, { secrets: 'env' })).toEqual([
    { variable: 'WORLDMAP_NONCE_SECRET', reason: 'is not set' },
    { variable: 'WORLDMAP_APP_ORIGINS', reason: 'must be https origins in production (http only for localhost)' },
  ])
})
