// Standard base64 (RFC 4648 §4, `+/`, padded) without Node's Buffer, so the
// bridge entry runs unchanged in browsers, React Native and Node.

// String.fromCharCode(...bytes) overflows the argument limit on big inputs.
const CHUNK = 0x8000
const STANDARD = /^[A-Za-z0-9+/]*$/

/**
 * Encode bytes as padded standard base64 — the encoding the bridge and the
 * wallet use for `iv`, `payload` and the session key.
 *
 * @example
 * ```ts
 * bytesToBase64(new Uint8Array([1, 2, 3])) // 'AQID'
 * ```
 */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  return btoa(binary)
}

/**
 * Decode base64, or return `null` when the text is not base64. Accepts the
 * standard and the URL-safe alphabet, padded or not (IDKit decodes with
 * Buffer, which is that lenient, so a wallet may rely on it), but nothing
 * else: whitespace, stray characters or impossible lengths are rejected
 * instead of being skipped silently.
 *
 * @example
 * ```ts
 * base64ToBytes('AQID') // Uint8Array [1, 2, 3]
 * base64ToBytes('not base64!') // null
 * ```
 */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  const unpadded = text.endsWith('==') ? text.slice(0, -2) : text.endsWith('=') ? text.slice(0, -1) : text
  const standard = unpadded.replaceAll('-', '+').replaceAll('_', '/')
  if (!STANDARD.test(standard) || standard.length % 4 === 1) return null
  // Padding, when present, must be exactly what the length calls for.
  if (unpadded.length !== text.length && (unpadded.length + (text.length - unpadded.length)) % 4 !== 0) return null
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
