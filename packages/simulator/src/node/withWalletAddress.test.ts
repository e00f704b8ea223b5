// @vitest-environment node
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { DEV_WALLET_PRIVATE_KEY } from '../wallet/createSimulatorWallet.js'
import { withWalletAddress } from './withWalletAddress.js'

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

test('default: the dev wallet, when no key is given', () => {
  expect(withWalletAddress({ mode: 'scripted' })).toEqual({
    mode: 'scripted',
    walletAddress: privateKeyToAccount(DEV_WALLET_PRIVATE_KEY).address,
  })
})

test("parameters: the given key's address; a given address is kept as is", () => {
  expect(withWalletAddress({ privateKey: KEY }).walletAddress).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  const config = { walletAddress: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003' }
  expect(withWalletAddress(config)).toBe(config)
})
