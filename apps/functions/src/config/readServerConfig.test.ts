import { describe, expect, test } from 'vitest'
import { ConfigError } from '../errors/ConfigError.js'
import { readServerConfig } from './readServerConfig.js'

const secret = 's'.repeat(32)

describe('readServerConfig', () => {
  test('default', () => {
    expect(readServerConfig({ WORLDMAP_NONCE_SECRET: secret, OTHER: 'x' })).toEqual({
      nonceSecret: secret,
      worldchainRpcUrl: undefined,
    })
  })

  test('parameters: WORLDCHAIN_RPC_URL', () => {
    const config = readServerConfig({ WORLDMAP_NONCE_SECRET: secret, WORLDCHAIN_RPC_URL: 'https://rpc.example/v1' })
    expect(config.worldchainRpcUrl).toBe('https://rpc.example/v1')
    expect(readServerConfig({ WORLDMAP_NONCE_SECRET: secret, WORLDCHAIN_RPC_URL: '' }).worldchainRpcUrl).toBeUndefined()
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
  ])('error: %s', (_name, env, variables) => {
    let error: unknown
    try {
      readServerConfig(env)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect(error).toMatchObject({ name: 'ConfigError', code: 'invalid_config', variables })
    expect((error as Error).message).not.toContain('short-secret-value')
  })

  test('error: message', () => {
    expect(() => readServerConfig({})).toThrowErrorMatchingInlineSnapshot(`
      [ConfigError: Server configuration is invalid.

      Details: check WORLDMAP_NONCE_SECRET]
    `)
  })
})
