// @vitest-environment node
import { keccak256, stringToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { walletKeyFromSeed } from './walletKeyFromSeed.js'

test('default: any text is hashed into a key, the same on every machine', () => {
  expect(walletKeyFromSeed('alice')).toBe(keccak256(stringToBytes('worldmap simulator wallet:alice')))
  expect(walletKeyFromSeed('alice')).not.toBe(walletKeyFromSeed('bob'))
})

test('behavior: a BIP-39 mnemonic gives its first account, as wallets derive it', () => {
  const key = walletKeyFromSeed('  Test test test test test test test test test test test JUNK ')
  // Anvil/Hardhat's account 0 for this public mnemonic.
  expect(privateKeyToAccount(key).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
})

test('behavior: twelve words that are not all BIP-39 words are just text', () => {
  const seed = 'test test test test test test test test test test test wallaby'
  expect(walletKeyFromSeed(seed)).toBe(keccak256(stringToBytes(`worldmap simulator wallet:${seed}`)))
})
