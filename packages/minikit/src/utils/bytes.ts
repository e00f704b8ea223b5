// Byte helpers for the in-house keccak callers (hashToField, encodePacked,
// checksumAddress): what they took from @noble/hashes/utils before the root
// entry dropped every npm crypto package (issue 34).

/**
 * `0x` + two lowercase hex digits per byte.
 *
 * @example
 * ```ts
 * bytesToHex(new Uint8Array([1, 171])) // '0x01ab'
 * ```
 */
export function bytesToHex(bytes: Uint8Array): `0x${string}` {
  let out = '0x'
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0')
  return out as `0x${string}`
}

/**
 * The bytes of an even-length string of hex digits (no `0x`); the caller
 * checks the digits.
 *
 * @example
 * ```ts
 * hexToBytes('01ab') // Uint8Array [1, 171]
 * ```
 */
export function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return out
}

/**
 * UTF-8 bytes of a string.
 *
 * @example
 * ```ts
 * utf8ToBytes('é') // Uint8Array [195, 169]
 * ```
 */
export function utf8ToBytes(text: string): Uint8Array {
  return new TextEncoder().encode(text)
}
