import { bytesToBase64 } from './base64.js'
import type { BridgeEnvelope } from './bridgeSchemas.js'
import { getCrypto } from './getCrypto.js'

/** AES-GCM's recommended nonce size (spec §9: 12-byte iv). */
export const IV_BYTES = 12

/**
 * Encrypt a UTF-8 text with AES-GCM into a bridge envelope (`iv` and
 * ciphertext-plus-tag, both base64). Without an `iv`, a fresh random one is
 * used — an IV must never be reused with the same key, so the wallet
 * answers with its own.
 *
 * @example
 * ```ts
 * const envelope = await encryptBridgePayload(key, JSON.stringify({ error_code: 'verification_rejected' }))
 * await fetch(`${bridge}/response/${id}`, { method: 'PUT', body: JSON.stringify(envelope) })
 * ```
 */
export async function encryptBridgePayload(key: CryptoKey, plaintext: string, iv?: Uint8Array): Promise<BridgeEnvelope> {
  const crypto = getCrypto()
  const nonce = iv ?? crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce as Uint8Array<ArrayBuffer> },
    key,
    new TextEncoder().encode(plaintext),
  )
  return { iv: bytesToBase64(nonce), payload: bytesToBase64(new Uint8Array(ciphertext)) }
}
