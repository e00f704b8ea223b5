import { expect, test } from 'vitest'
import { readServerEnv } from './readServerEnv.js'
import { ServerConfigError } from './ServerConfigError.js'

const secret = 's'.repeat(32)

test('default: the secret and port 3000', () => {
  expect(readServerEnv({ WORLDMAP_NONCE_SECRET: secret })).toEqual({ nonceSecret: secret, port: 3000 })
})

test('parameters: PORT; NODE_ENV changes nothing (the build decides what is development-only)', () => {
  expect(readServerEnv({ WORLDMAP_NONCE_SECRET: secret, NODE_ENV: 'development', PORT: '8080' })).toEqual({
    nonceSecret: secret,
    port: 8080,
  })
})

test('error: refuses to start without the secret, in production and in development', () => {
  for (const NODE_ENV of ['production', 'development']) {
    expect(() => readServerEnv({ NODE_ENV })).toThrow(ServerConfigError)
    expect(() => readServerEnv({ NODE_ENV })).toThrow(/^WORLDMAP_NONCE_SECRET is not set\. .*tooling\/stack/)
  }
})

test('error: a short secret is refused without echoing it', () => {
  const error = (() => {
    try {
      readServerEnv({ WORLDMAP_NONCE_SECRET: 'short-secret-value' })
    } catch (e) {
      return e as Error
    }
  })()
  expect(error?.message).toMatch(/^WORLDMAP_NONCE_SECRET is shorter than 32 characters\./)
  expect(error?.message).not.toContain('short-secret-value')
})

test('error: an invalid PORT', () => {
  expect(() => readServerEnv({ WORLDMAP_NONCE_SECRET: secret, PORT: 'eighty' })).toThrow(/^PORT: /)
})
