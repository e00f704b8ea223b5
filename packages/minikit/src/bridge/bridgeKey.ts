import { BridgeDecryptionError } from '../errors/bridge/BridgeDecryptionError.js'
import { base64ToBytes, bytesToBase64 } from './base64.js'
import { getCrypto } from './getCrypto.js'

const AES_GCM = { name: 'AES-GCM', length: 256 } as const
const KEY_BYTES = 32

/**
 * A fresh session key: AES-GCM, 256 bit, extractable (its raw bytes go into
 * the connector URI so the wallet can answer).
 *
 * @example
 * ```ts
 * const key = await generateBridgeKey()
 * ```
 */
export function generateBridgeKey(): Promise<CryptoKey> {
  return getCrypto().subtle.generateKey(AES_GCM, true, ['encrypt', 'decrypt']) as Promise<CryptoKey>
}

/**
 * The key's raw 32 bytes as padded standard base64 (44 characters) — the
 * connector URI's `k` parameter before URL encoding.
 *
 * @example
 * ```ts
 * const k = await exportBridgeKey(key) // 'q4N…=' (44 characters)
 * ```
 */
export async function exportBridgeKey(key: CryptoKey): Promise<string> {
  return bytesToBase64(new Uint8Array(await getCrypto().subtle.exportKey('raw', key)))
}

/**
 * Import a session key from its base64 form — what a wallet (or the test
 * wallet and the host simulator) does with the connector URI's `k`.
 *
 * @throws {BridgeDecryptionError} the text is not 32 bytes of base64.
 *
 * @example
 * ```ts
 * const key = await importBridgeKey(new URL(connectorURI).searchParams.get('k') ?? '')
 * ```
 */
export async function importBridgeKey(base64Key: string): Promise<CryptoKey> {
  const raw = base64ToBytes(base64Key)
  if (!raw || raw.length !== KEY_BYTES) throw new BridgeDecryptionError({ details: 'The key is not 32 bytes of base64.' })
  return getCrypto().subtle.importKey('raw', raw, AES_GCM, true, ['encrypt', 'decrypt'])
}
