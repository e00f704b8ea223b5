import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { BridgeDecryptionError } from '../errors/bridge/BridgeDecryptionError.js'
import { base64ToBytes, bytesToBase64 } from './base64.js'
import { exportBridgeKey, generateBridgeKey, importBridgeKey } from './bridgeKey.js'
import { decryptBridgePayload } from './decryptBridgePayload.js'
import { encryptBridgePayload } from './encryptBridgePayload.js'

/** The rejection of `promise`, checked to be a BridgeDecryptionError; returns its details. */
async function decryptionFailure(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(BridgeDecryptionError)
  expect((error as BridgeDecryptionError).shortMessage).toBe('Failed to decrypt the bridge response.')
  expect((error as BridgeDecryptionError).code).toBe('bridge_decryption_failed')
  return (error as BridgeDecryptionError).details
}

const flip = (base64: string, index: number): string => {
  const bytes = base64ToBytes(base64) as Uint8Array
  bytes[index] = (bytes[index] as number) ^ 0x01
  return bytesToBase64(bytes)
}

describe('encryptBridgePayload / decryptBridgePayload', () => {
  test('default', async () => {
    const key = await generateBridgeKey()
    const envelope = await encryptBridgePayload(key, '{"hello":"world"}')
    expect(Object.keys(envelope)).toEqual(['iv', 'payload'])
    expect(base64ToBytes(envelope.iv)).toHaveLength(12)
    // AES-GCM appends a 16-byte tag to the 17 bytes of text.
    expect(base64ToBytes(envelope.payload)).toHaveLength(17 + 16)
    await expect(decryptBridgePayload(key, envelope)).resolves.toBe('{"hello":"world"}')
  })

  test('behavior: round trip of any text, with a fresh IV each time', async () => {
    const key = await generateBridgeKey()
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), async (text) => {
        expect(await decryptBridgePayload(key, await encryptBridgePayload(key, text))).toBe(text)
      }),
      { numRuns: 100 },
    )
    const a = await encryptBridgePayload(key, 'same')
    const b = await encryptBridgePayload(key, 'same')
    expect(a.iv).not.toBe(b.iv)
    expect(a.payload).not.toBe(b.payload)
  })

  test('parameters: an explicit IV is used as given', async () => {
    const key = await generateBridgeKey()
    const iv = new Uint8Array(12).fill(7)
    const envelope = await encryptBridgePayload(key, 'x', iv)
    expect(envelope.iv).toBe(bytesToBase64(iv))
    expect(await decryptBridgePayload(key, envelope)).toBe('x')
  })

  test('behavior: the key survives export and import (what the wallet does with `k`)', async () => {
    const key = await generateBridgeKey()
    const exported = await exportBridgeKey(key)
    expect(exported).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    const wallet = await importBridgeKey(exported)
    expect(await decryptBridgePayload(key, await encryptBridgePayload(wallet, 'from wallet'))).toBe('from wallet')
  })

  test('error: wrong key', async () => {
    const envelope = await encryptBridgePayload(await generateBridgeKey(), 'secret')
    expect(await decryptionFailure(decryptBridgePayload(await generateBridgeKey(), envelope))).toBe(
      'Authentication failed: wrong key or tampered ciphertext.',
    )
  })

  test.each([0, 5, 20])('error: tampered ciphertext (byte %i flipped)', async (index) => {
    const key = await generateBridgeKey()
    const envelope = await encryptBridgePayload(key, 'secret')
    expect(await decryptionFailure(decryptBridgePayload(key, { ...envelope, payload: flip(envelope.payload, index) }))).toBe(
      'Authentication failed: wrong key or tampered ciphertext.',
    )
  })

  test('error: tampered IV', async () => {
    const key = await generateBridgeKey()
    const envelope = await encryptBridgePayload(key, 'secret')
    expect(await decryptionFailure(decryptBridgePayload(key, { ...envelope, iv: flip(envelope.iv, 0) }))).toBe(
      'Authentication failed: wrong key or tampered ciphertext.',
    )
  })

  test('error: truncated ciphertext (shorter than the tag)', async () => {
    const key = await generateBridgeKey()
    const envelope = await encryptBridgePayload(key, 'secret')
    expect(await decryptionFailure(decryptBridgePayload(key, { ...envelope, payload: 'AQID' }))).toBe(
      'Authentication failed: wrong key or tampered ciphertext.',
    )
  })

  test.each<[string, unknown, string]>([
    ['null', null, 'The envelope is not { iv: string, payload: string }.'],
    ['a string', 'iv:payload', 'The envelope is not { iv: string, payload: string }.'],
    ['missing iv', { payload: 'AQID' }, 'The envelope is not { iv: string, payload: string }.'],
    ['missing payload', { iv: 'AAAAAAAAAAAAAAAA' }, 'The envelope is not { iv: string, payload: string }.'],
    ['a numeric iv', { iv: 12, payload: 'AQID' }, 'The envelope is not { iv: string, payload: string }.'],
    ['bad base64 in iv', { iv: 'not base64!', payload: 'AQID' }, 'The envelope iv is not base64.'],
    ['an empty iv', { iv: '', payload: 'AQID' }, 'The envelope iv is not base64.'],
    ['bad base64 in payload', { iv: 'AAAAAAAAAAAAAAAA', payload: '%%%' }, 'The envelope payload is not base64.'],
  ])('error: malformed envelope (%s)', async (_name, envelope, details) => {
    expect(await decryptionFailure(decryptBridgePayload(await generateBridgeKey(), envelope))).toBe(details)
  })

  test('error: plaintext that is not UTF-8', async () => {
    const key = await generateBridgeKey()
    const iv = new Uint8Array(12)
    const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new Uint8Array([0xff, 0xfe]))
    const envelope = { iv: bytesToBase64(iv), payload: bytesToBase64(new Uint8Array(ciphertext)) }
    expect(await decryptionFailure(decryptBridgePayload(key, envelope))).toBe('The decrypted payload is not UTF-8.')
  })

  test('error: importBridgeKey rejects anything but 32 bytes of base64', async () => {
    for (const text of ['', 'AQID', 'not base64!', bytesToBase64(new Uint8Array(33))]) {
      expect(await decryptionFailure(importBridgeKey(text))).toBe('The key is not 32 bytes of base64.')
    }
  })

  test('behavior: errors never carry key material', async () => {
    const key = await generateBridgeKey()
    const exported = await exportBridgeKey(key)
    const envelope = await encryptBridgePayload(await generateBridgeKey(), 'secret')
    const error = (await decryptBridgePayload(key, envelope).catch((reason: unknown) => reason)) as Error
    expect(error).toBeInstanceOf(BridgeDecryptionError)
    expect(error.message).not.toContain(exported)
    expect(JSON.stringify(error)).not.toContain(exported)
  })
})
