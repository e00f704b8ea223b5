import { type Hex, keccak256, stringToBytes, verifyMessage, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { createSimulatorWallet, DEV_WALLET_PRIVATE_KEY } from './createSimulatorWallet.js'

const template = (address = '{address}') =>
  `http://localhost:3000 wants you to sign in with your Ethereum account:\n${address}\n\nSign in\n\nURI: http://localhost:3000/\nVersion: 1\nChain ID: 480\nNonce: abcdefgh1234\nIssued At: 2025-01-01T00:00:00.000Z\n`

const typedData = {
  domain: { name: 'WorldMap', version: '1', chainId: 480, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    Drop: [
      { name: 'id', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Drop',
  message: { id: 'drop-1', amount: 10n ** 30n },
} as const
// What arrives on the wire: plain JSON, no readonly tuples.
const wireTypes = { Drop: [...typedData.types.Drop] }

describe('createSimulatorWallet', () => {
  test('default: the dev key gives every laptop the same address', () => {
    expect(DEV_WALLET_PRIVATE_KEY).toBe(keccak256(stringToBytes('worldmap simulator dev wallet')))
    expect(createSimulatorWallet().address).toMatchInlineSnapshot(`"0x348d9433b969C6bCff01dD7a00e1bE68AabF049F"`)
    expect(createSimulatorWallet(DEV_WALLET_PRIVATE_KEY).address).toBe(createSimulatorWallet().address)
  })

  test('parameters: a custom key', async () => {
    const key = generatePrivateKey()
    const wallet = createSimulatorWallet(key)
    expect(wallet.address).toBe(privateKeyToAccount(key).address)
    const signature = await wallet.signMessage('hello')
    expect(await verifyMessage({ address: wallet.address, message: 'hello', signature })).toBe(true)
    expect(await verifyMessage({ address: createSimulatorWallet().address, message: 'hello', signature })).toBe(false)
  })

  test('behavior: signSiwe fills the {address} placeholder and signs the result', async () => {
    const wallet = createSimulatorWallet()
    const { message, signature } = await wallet.signSiwe(template())
    expect(message).toBe(template(wallet.address))
    expect(message).not.toContain('{address}')
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
  })

  test('behavior: signTypedData accepts uint256 values as decimal strings, as they arrive on the wire', async () => {
    const wallet = createSimulatorWallet()
    const signature = await wallet.signTypedData({
      ...typedData,
      types: wireTypes,
      message: { id: 'drop-1', amount: (10n ** 30n).toString() },
    })
    expect(await verifyTypedData({ ...typedData, address: wallet.address, signature })).toBe(true)
  })

  test('behavior: signTypedData derives EIP712Domain from the domain when the app lists it', async () => {
    const wallet = createSimulatorWallet()
    const signature = await wallet.signTypedData({
      ...typedData,
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        ...wireTypes,
      },
    })
    expect(await verifyTypedData({ ...typedData, address: wallet.address, signature })).toBe(true)
  })

  test('error: typed data that does not encode throws', async () => {
    const wallet = createSimulatorWallet()
    await expect(
      wallet.signTypedData({ types: { A: [{ name: 'x', type: 'address' }] }, primaryType: 'A', message: { x: 'nope' } }),
    ).rejects.toThrowError(/Address "nope" is invalid/)
  })

  test('error: an invalid key throws', () => {
    expect(() => createSimulatorWallet('0x1234' as Hex)).toThrowError()
  })
})
