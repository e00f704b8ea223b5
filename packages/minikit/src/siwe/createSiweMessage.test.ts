import { describe, expect, test } from 'vitest'
import { createSiweMessage } from './createSiweMessage.js'

const base = {
  scheme: 'https',
  domain: 'app.example',
  uri: 'https://app.example/login',
  version: '1',
  chain_id: 480,
  nonce: 'a1b2c3d4e5f60718',
  issued_at: '2025-06-10T11:59:00.000Z',
}

describe('createSiweMessage', () => {
  test('default', () => {
    expect(createSiweMessage({ ...base, statement: 'Authenticate (a1b2c3d4e5f60718).' })).toBe(
      'https://app.example wants you to sign in with your Ethereum account:\n' +
        '{address}\n' +
        '\n' +
        'Authenticate (a1b2c3d4e5f60718).\n' +
        '\n' +
        'URI: https://app.example/login\n' +
        'Version: 1\n' +
        'Chain ID: 480\n' +
        'Nonce: a1b2c3d4e5f60718\n' +
        'Issued At: 2025-06-10T11:59:00.000Z\n',
    )
  })

  test('behavior: no statement leaves three consecutive newlines after the address', () => {
    const text = createSiweMessage(base)
    expect(text).toContain('{address}\n\n\nURI: ')
    expect(text.split('\n').slice(0, 5)).toEqual([
      'https://app.example wants you to sign in with your Ethereum account:',
      '{address}',
      '',
      '',
      'URI: https://app.example/login',
    ])
  })

  test('parameters: no scheme, an address and every optional field', () => {
    const address = '0x1111111111111111111111111111111111111111'
    expect(
      createSiweMessage({
        ...base,
        scheme: undefined,
        address,
        expiration_time: '2025-06-17T11:59:00.000Z',
        not_before: '2025-06-09T11:59:00.000Z',
        request_id: 'req-1',
      }),
    ).toBe(
      'app.example wants you to sign in with your Ethereum account:\n' +
        `${address}\n\n\n` +
        'URI: https://app.example/login\nVersion: 1\nChain ID: 480\nNonce: a1b2c3d4e5f60718\n' +
        'Issued At: 2025-06-10T11:59:00.000Z\n' +
        'Expiration Time: 2025-06-17T11:59:00.000Z\n' +
        'Not Before: 2025-06-09T11:59:00.000Z\n' +
        'Request ID: req-1\n',
    )
  })
})
