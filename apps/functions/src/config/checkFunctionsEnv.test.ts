import { expect, test } from 'vitest'
import { checkFunctionsEnv } from './checkFunctionsEnv.js'

/** A deploy's `apps/functions/.env.<project>`: the secrets live in Secret Manager. */
const envFile = {
  WORLDMAP_APP_ID: 'app_0123456789abcdef',
  WORLDMAP_VERIFY_ACTION: 'verify-human',
  WORLDMAP_APP_ORIGINS: 'https://worldmap.app',
  WORLDCHAIN_RPC_URL: 'https://rpc.example/v1',
  WORLDMAP_VERIFIER: 'developer-portal',
  WORLDMAP_DEVELOPER_PORTAL_URL: 'https://developer.worldcoin.org',
}

test('default: a complete env file has no problems', () => {
  expect(checkFunctionsEnv(envFile)).toEqual([])
})

test('behavior: checked as a deployed function, whatever the current process is', () => {
  expect(checkFunctionsEnv({ ...envFile, FUNCTIONS_EMULATOR: 'true', WORLDCHAIN_RPC_URL: 'http://127.0.0.1:8545' })).toEqual([
    { variable: 'WORLDCHAIN_RPC_URL', reason: 'must be an https URL' },
  ])
  expect(checkFunctionsEnv({ ...envFile, WORLDMAP_MODE: 'local', WORLDMAP_VERIFIER: 'simulator' })).toEqual([
    { variable: 'WORLDMAP_MODE', reason: 'must not be local in a deployed function' },
    {
      variable: 'WORLDMAP_VERIFIER',
      reason: 'must be developer-portal in production (anyone can mint proofs for the simulator)',
    },
  ])
})

test('error: every problem at once', () => {
  expect(checkFunctionsEnv({}).map((problem) => problem.variable)).toEqual([
    'WORLDMAP_APP_ID',
    'WORLDMAP_VERIFY_ACTION',
    'WORLDMAP_APP_ORIGINS',
    'WORLDCHAIN_RPC_URL',
    'WORLDMAP_VERIFIER',
    'WORLDMAP_DEVELOPER_PORTAL_URL',
  ])
})

test('error: secrets belong in Secret Manager, not in the env file', () => {
  expect(checkFunctionsEnv({ ...envFile, WORLDMAP_NONCE_SECRET: 'n'.repeat(32) })).toEqual([
    {
      variable: 'WORLDMAP_NONCE_SECRET',
      reason: 'is a secret: set it with `firebase functions:secrets:set`, not in an env file',
    },
  ])
})

test('parameters: secrets from the env, checked like the rest', () => {
  expect(checkFunctionsEnv({ ...envFile, WORLDMAP_NONCE_SECRET: 'short' }, { secrets: 'env' })).toEqual([
    { variable: 'WORLDMAP_NONCE_SECRET', reason: 'must be at least 32 characters' },
    { variable: 'WORLDMAP_DROP_SEED', reason: 'is not set' },
    { variable: 'WORLDMAP_PUBLIC_ID_KEY', reason: 'is not set' },
  ])
})

test('error: the public-id key may not be the drop seed (one secret must not do both jobs), and neither is echoed', () => {
  const shared = 'a-secret-used-twice-0123456789abcdef'
  const env = { ...envFile, WORLDMAP_NONCE_SECRET: 'n'.repeat(32), WORLDMAP_DROP_SEED: shared, WORLDMAP_PUBLIC_ID_KEY: shared }
  const problems = checkFunctionsEnv(env, { secrets: 'env' })
  expect(problems).toEqual([
    { variable: 'WORLDMAP_PUBLIC_ID_KEY', reason: 'must differ from WORLDMAP_DROP_SEED (one secret must not do both jobs)' },
  ])
  expect(JSON.stringify(problems)).not.toContain(shared)
})
