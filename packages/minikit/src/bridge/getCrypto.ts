import { CryptoUnavailableError } from '../errors/bridge/CryptoUnavailableError.js'
import { UnsupportedPlatformError } from '../errors/bridge/UnsupportedPlatformError.js'

/**
 * The runtime's WebCrypto, looked up on every call (never at import, so
 * SSR imports stay inert and tests can stub `globalThis.crypto`). Browsers,
 * Node ≥ 20 and polyfilled React Native all expose it on `globalThis`;
 * unlike IDKit we do not sniff for "browser or React Native", which made
 * Node/SSR throw `Unsupported platform` even though WebCrypto was there.
 *
 * @throws {UnsupportedPlatformError} no global `crypto` object at all.
 * @throws {CryptoUnavailableError} `crypto` lacks `subtle` or `getRandomValues`.
 *
 * @example
 * ```ts
 * const iv = getCrypto().getRandomValues(new Uint8Array(12))
 * ```
 */
export function getCrypto(): Crypto {
  const crypto: unknown = (globalThis as { crypto?: unknown }).crypto
  if (crypto === null || (typeof crypto !== 'object' && typeof crypto !== 'function')) throw new UnsupportedPlatformError()
  const { subtle, getRandomValues } = crypto as Partial<Crypto>
  if (!subtle || typeof subtle.encrypt !== 'function' || typeof getRandomValues !== 'function') throw new CryptoUnavailableError()
  // Returned whole: getRandomValues must be called on the crypto object ("Illegal invocation").
  return crypto as Crypto
}
