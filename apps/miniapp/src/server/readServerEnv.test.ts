import fc from 'fast-check'
import { expect, test } from 'vitest'
import { readServerEnv } from './readServerEnv.js'
import { ServerConfigError } from './ServerConfigError.js'

const secret = 's'.repeat(32)
const production = { WORLDMAP_NONCE_SECRET: secret, WORLDMAP_APP_ORIGINS: 'https://worldmap.app' }

function configError(env: Record<string, string | undefined>, defaultMode: 'local' | 'production' = 'production') {
  try {
    readServerEnv(env, { defaultMode })
  } catch (error) {
    if (error instanceof ServerConfigError) return error
    throw error
  }
  throw new Error('readServerEnv did not throw')
}

test('default: production, with the secret, the app origins and port 3000', () => {
  expect(readServerEnv(production)).toEqual({
    mode: 'production',
    nonceSecret: secret,
    appOrigins: ['https://worldmap.app'],
    port: 3000,
    avatarOrigins: [],
  })
})

test('behavior: local mode (vike dev, or WORLDMAP_MODE=local) keeps the dev origins by default', () => {
  const local = {
    mode: 'local',
    nonceSecret: secret,
    appOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
    port: 3000,
    avatarOrigins: [],
  }
  expect(readServerEnv({ WORLDMAP_NONCE_SECRET: secret }, { defaultMode: 'local' })).toEqual(local)
  expect(readServerEnv({ WORLDMAP_NONCE_SECRET: secret, WORLDMAP_MODE: 'local' })).toEqual(local)
})

test('parameters: PORT, origins and an explicit mode; NODE_ENV changes nothing (the build decides what is development-only)', () => {
  expect(
    readServerEnv(
      {
        ...production,
        WORLDMAP_APP_ORIGINS: ' https://worldmap.app/, http://127.0.0.1:5300,https://worldmap.app',
        WORLDMAP_MODE: 'production',
        NODE_ENV: 'development',
        PORT: '8080',
        WORLDMAP_AVATAR_ORIGINS: 'https://cdn.world.test/, https://cdn.world.test',
      },
      { defaultMode: 'local' },
    ),
  ).toEqual({
    mode: 'production',
    nonceSecret: secret,
    appOrigins: ['https://worldmap.app', 'http://127.0.0.1:5300'],
    port: 8080,
    avatarOrigins: ['https://cdn.world.test'],
  })
})

test("parameters: a test stack's clock file in local mode; production refuses it and never reads it", () => {
  const file = '/tmp/stack/test-clock.json'
  expect(
    readServerEnv({ WORLDMAP_NONCE_SECRET: secret, WORLDMAP_MODE: 'local', WORLDMAP_TEST_CLOCK_FILE: file }).testClockFile,
  ).toBe(file)
  expect(readServerEnv({ WORLDMAP_NONCE_SECRET: secret }, { defaultMode: 'local' }).testClockFile).toBeUndefined()
  expect(configError({ WORLDMAP_NONCE_SECRET: secret, WORLDMAP_TEST_CLOCK_FILE: 'clock.json' }, 'local').problems).toEqual([
    { variable: 'WORLDMAP_TEST_CLOCK_FILE', reason: 'must be an absolute file path' },
  ])
  expect(configError({ ...production, WORLDMAP_TEST_CLOCK_FILE: file }).problems).toEqual([
    { variable: 'WORLDMAP_TEST_CLOCK_FILE', reason: expect.stringMatching(/^must not be set in production/) },
  ])
})

test('error: avatar origins with a path or plain http to a public host are refused (the CSP would allow more than meant)', () => {
  for (const origins of ['https://cdn.world.test/avatars', 'http://cdn.world.test', 'https:']) {
    expect(configError({ ...production, WORLDMAP_AVATAR_ORIGINS: origins }).message).toMatch(/^WORLDMAP_AVATAR_ORIGINS must be/)
  }
})

test('error: refuses to start without the secret, in production and in development', () => {
  for (const defaultMode of ['production', 'local'] as const) {
    const error = configError({ WORLDMAP_APP_ORIGINS: 'https://worldmap.app' }, defaultMode)
    expect(error.message).toMatch(/^WORLDMAP_NONCE_SECRET is not set\. .*tooling\/stack/)
  }
})

test('error: production refuses to start without WORLDMAP_APP_ORIGINS, naming every problem at once', () => {
  expect(() => readServerEnv({})).toThrowErrorMatchingInlineSnapshot(
    `[ServerConfigError: WORLDMAP_NONCE_SECRET is not set; WORLDMAP_APP_ORIGINS is not set. The app server signs sign-in nonces with the secret it shares with the functions: set it to the same value as theirs (at least 32 characters). In development, start the local stack (tooling/stack) and run the app with its environment.]`,
  )
  expect(configError({ WORLDMAP_NONCE_SECRET: secret, WORLDMAP_APP_ORIGINS: ' ' }).message).toBe(
    'WORLDMAP_APP_ORIGINS is not set.',
  )
})

test.each([
  ['WORLDMAP_NONCE_SECRET', 'short-secret-value', 'is shorter than 32 characters'],
  [
    'WORLDMAP_APP_ORIGINS',
    'https://worldmap.app/login',
    'must be 1–16 comma-separated http(s) origins (scheme://host[:port], nothing after)',
  ],
  [
    'WORLDMAP_APP_ORIGINS',
    'ftp://worldmap.app',
    'must be 1–16 comma-separated http(s) origins (scheme://host[:port], nothing after)',
  ],
  ['WORLDMAP_APP_ORIGINS', 'http://worldmap.app', 'must be https origins in production (http only for localhost)'],
  ['WORLDMAP_MODE', 'staging', 'must be local or production'],
  ['PORT', 'eighty', 'must be a port number (0–65535)'],
  ['PORT', '70000', 'must be a port number (0–65535)'],
])('error: %s = %j', (variable, value, reason) => {
  const error = configError({ ...production, [variable]: value })
  expect(error.problems).toEqual([{ variable, reason }])
  expect(error.message).not.toContain(value)
})

test('behavior: any environment starts the server or is a ServerConfigError that never echoes a value', () => {
  const value = fc.oneof(
    fc.string().map((text) => `⟦${text}`),
    fc.webUrl().map((url) => `${url}#⟦`),
    fc.constantFrom('', 'local', 'production', '3000', 'https://worldmap.app', secret),
  )
  const variables = ['WORLDMAP_MODE', 'WORLDMAP_NONCE_SECRET', 'WORLDMAP_APP_ORIGINS', 'PORT'] as const
  fc.assert(
    fc.property(fc.dictionary(fc.constantFrom(...variables), value), fc.constantFrom('local', 'production'), (env, mode) => {
      try {
        readServerEnv(env, { defaultMode: mode as 'local' | 'production' })
      } catch (error) {
        expect(error).toBeInstanceOf(ServerConfigError)
        expect((error as Error).message).not.toContain('⟦')
        for (const { variable } of (error as ServerConfigError).problems) expect(variables).toContain(variable)
      }
    }),
    { numRuns: 300 },
  )
})
