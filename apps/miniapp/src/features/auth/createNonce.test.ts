import { expect, test } from 'vitest'
import { createNonce } from './createNonce.js'

test('default: 32 alphanumeric characters, as the server accepts', () => {
  const nonce = createNonce()
  expect(nonce).toMatch(/^[a-f0-9]{32}$/)
  expect(nonce).toMatch(/^[A-Za-z0-9]{8,64}$/)
})

test('behavior: fresh on every call', () => {
  const nonces = new Set(Array.from({ length: 100 }, () => createNonce()))
  expect(nonces.size).toBe(100)
})

test('parameters: the bytes come from the given CSPRNG', () => {
  const random = {
    getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
      new Uint8Array((array as unknown as Uint8Array).buffer).set(Array.from({ length: 16 }, (_, i) => i * 17))
      return array
    },
  }
  expect(createNonce(random)).toBe('00112233445566778899aabbccddeeff')
})
