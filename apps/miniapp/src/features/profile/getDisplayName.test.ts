import { expect, test } from 'vitest'
import { getDisplayName } from './getDisplayName.js'
import { shortenAddress } from './shortenAddress.js'

const address = '0x52908400098527886E0F7030069857D2E4169EE7'

test('default: the username wins over the address', () => {
  expect(getDisplayName({ username: 'alice', walletAddress: address })).toBe('alice')
})

test('behavior: no (or a blank) username shows the shortened address', () => {
  expect(getDisplayName({ username: null, walletAddress: address })).toBe('0x5290…9EE7')
  expect(getDisplayName({ username: '  ', walletAddress: address })).toBe('0x5290…9EE7')
})

test('behavior: shortenAddress keeps short strings whole', () => {
  expect(shortenAddress(address)).toBe('0x5290…9EE7')
  expect(shortenAddress('0x1234')).toBe('0x1234')
})
