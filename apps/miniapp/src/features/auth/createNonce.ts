/**
 * A fresh sign-in nonce: 32 lowercase hex characters from the platform
 * CSPRNG — the shape of a UUID with its dashes removed (spec §5), which the
 * server's `[A-Za-z0-9]{8,64}` check accepts. `getRandomValues` rather than
 * `randomUUID` because it also exists outside secure contexts.
 *
 * @example
 * ```ts
 * createNonce() // '9f86d081884c7d659a2feaa0c55ad015'
 * ```
 */
export function createNonce(random: Pick<Crypto, 'getRandomValues'> = globalThis.crypto): string {
  const bytes = random.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
