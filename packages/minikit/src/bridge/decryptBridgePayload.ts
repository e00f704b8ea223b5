import { BridgeDecryptionError } from '../errors/bridge/BridgeDecryptionError.js'
import { base64ToBytes } from './base64.js'
import { bridgeEnvelopeSchema } from './bridgeSchemas.js'
import { getCrypto } from './getCrypto.js'

/**
 * Open a bridge envelope with the session key: check its shape, decode
 * `iv` and `payload`, decrypt (AES-GCM, the envelope's own IV) and decode
 * UTF-8. Every failure is a {@link BridgeDecryptionError} whose `details`
 * says which step failed; GCM cannot distinguish a wrong key from tampered
 * ciphertext, so those share one message.
 *
 * @example
 * ```ts
 * const text = await decryptBridgePayload(key, body.response)
 * ```
 */
export async function decryptBridgePayload(key: CryptoKey, envelope: unknown): Promise<string> {
  const parsed = bridgeEnvelopeSchema.safeParse(envelope)
  if (!parsed.success) {
    throw new BridgeDecryptionError({ details: 'The envelope is not { iv: string, payload: string }.' })
  }
  const iv = base64ToBytes(parsed.data.iv)
  if (!iv || iv.length === 0) throw new BridgeDecryptionError({ details: 'The envelope iv is not base64.' })
  const payload = base64ToBytes(parsed.data.payload)
  if (!payload) throw new BridgeDecryptionError({ details: 'The envelope payload is not base64.' })
  const { subtle } = getCrypto()
  let plaintext: ArrayBuffer
  try {
    plaintext = await subtle.decrypt({ name: 'AES-GCM', iv }, key, payload)
  } catch (cause) {
    throw new BridgeDecryptionError({ details: 'Authentication failed: wrong key or tampered ciphertext.', cause })
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plaintext)
  } catch (cause) {
    throw new BridgeDecryptionError({ details: 'The decrypted payload is not UTF-8.', cause })
  }
}
