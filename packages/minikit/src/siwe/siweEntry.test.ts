// @vitest-environment node
import { keccak256, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import * as siwe from '../exports/siwe.js'

describe('@worldmap/minikit/siwe entry', () => {
  test('default', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    expect(Object.keys(siwe).sort()).toMatchInlineSnapshot(`
      [
        "SiweParseError",
        "SiweVerificationError",
        "createSiweMessage",
        "parseSiweMessage",
        "verifySiweMessage",
      ]
    `)
  })

  test('behavior: verifies an EOA sign-in in plain Node', async () => {
    const account = privateKeyToAccount(keccak256(toHex('worldmap siwe test key')))
    const nonce = 'a1b2c3d4e5f60718'
    const message = siwe.createSiweMessage({
      domain: 'app.example',
      address: account.address,
      uri: 'https://app.example/',
      version: '1',
      chain_id: 480,
      nonce,
      issued_at: new Date().toISOString(),
    })
    const payload = {
      status: 'success' as const,
      message,
      signature: await account.signMessage({ message }),
      address: account.address,
    }
    const { siweMessageData } = await siwe.verifySiweMessage({ payload, nonce })
    expect(siweMessageData).toEqual(siwe.parseSiweMessage(message))
  })
})
