import { afterEach, describe, expect, test, vi } from 'vitest'
import { CryptoUnavailableError } from '../errors/bridge/CryptoUnavailableError.js'
import { UnsupportedPlatformError } from '../errors/bridge/UnsupportedPlatformError.js'
import { getCrypto } from './getCrypto.js'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('getCrypto', () => {
  test('default', () => {
    const crypto = getCrypto()
    expect(crypto).toBe(globalThis.crypto)
    // Called detached from the object would throw "Illegal invocation" in browsers.
    expect(crypto.getRandomValues(new Uint8Array(12))).toHaveLength(12)
  })

  test.each([undefined, null, 'crypto'])('error: Unsupported platform when globalThis.crypto is %s', (value) => {
    vi.stubGlobal('crypto', value)
    expect(() => getCrypto()).toThrowError(new UnsupportedPlatformError())
    try {
      getCrypto()
    } catch (error) {
      expect(error).toBeInstanceOf(UnsupportedPlatformError)
      expect((error as UnsupportedPlatformError).code).toBe('unsupported_platform')
      expect((error as UnsupportedPlatformError).shortMessage).toBe('Unsupported platform')
    }
  })

  test.each<[string, object]>([
    ['no subtle', { getRandomValues: () => undefined }],
    ['no getRandomValues', { subtle: globalThis.crypto.subtle }],
    ['an empty subtle', { subtle: {}, getRandomValues: () => undefined }],
  ])('error: Crypto API not available with %s', (_name, value) => {
    vi.stubGlobal('crypto', value)
    let caught: unknown
    try {
      getCrypto()
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(CryptoUnavailableError)
    expect((caught as CryptoUnavailableError).code).toBe('crypto_unavailable')
    expect((caught as CryptoUnavailableError).shortMessage).toBe(
      'Crypto API not available. For React Native, ensure polyfills are set up properly.',
    )
  })
})
