import { describe, expect, test } from 'vitest'
import { declaredSecrets } from './declaredSecrets.js'
import { dropSeed, nonceSecret, publicIdKey } from './functionSecrets.js'

describe('declaredSecrets', () => {
  test('default: a deployed function binds every secret', () => {
    expect(declaredSecrets([nonceSecret, dropSeed], { K_SERVICE: 'collectDrop' })).toEqual([nonceSecret, dropSeed])
  })

  test('behavior: under the Functions emulator none (the values come from .env.local)', () => {
    expect(declaredSecrets([nonceSecret, dropSeed], { FUNCTIONS_EMULATOR: 'true', K_SERVICE: 'collectDrop' })).toEqual([])
  })

  test('behavior: the secrets are named after the variables the configuration reads', () => {
    expect([nonceSecret.name, dropSeed.name, publicIdKey.name]).toEqual([
      'WORLDMAP_NONCE_SECRET',
      'WORLDMAP_DROP_SEED',
      'WORLDMAP_PUBLIC_ID_KEY',
    ])
  })
})
