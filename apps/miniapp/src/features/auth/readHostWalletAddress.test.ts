import { expect, test } from 'vitest'
import { readHostWalletAddress } from './readHostWalletAddress.js'

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

test('default: the wallet a recent World App puts on window.WorldApp', () => {
  expect(readHostWalletAddress({ WorldApp: { world_app_version: 2087901, wallet_address: ADDRESS } })).toBe(ADDRESS)
})

test.each([
  ['no host', {}],
  ['a host that does not tell (older World App, the simulator)', { WorldApp: { world_app_version: 2087901 } }],
  ['something that is not an address', { WorldApp: { wallet_address: 'alice.world' } }],
  ['a non-object host', { WorldApp: 'yes' }],
])('behavior: %s → undefined', (_, win) => {
  expect(readHostWalletAddress(win)).toBeUndefined()
})

test('behavior: on the server (no window) → undefined', () => {
  expect(typeof window).toBe('undefined')
  expect(readHostWalletAddress()).toBeUndefined()
})
