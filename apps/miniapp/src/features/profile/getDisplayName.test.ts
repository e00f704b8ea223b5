import fc from 'fast-check'
import { expect, test } from 'vitest'
import { getDisplayName, getGreetingName } from './getDisplayName.js'
import { shortenAddress } from './shortenAddress.js'

const address = '0x52908400098527886E0F7030069857D2E4169EE7'

test('default: the username wins over the address', () => {
  expect(getDisplayName({ username: 'alice', walletAddress: address })).toBe('alice')
})

test('behavior: no (or a blank) username shows the shortened address', () => {
  expect(getDisplayName({ username: null, walletAddress: address })).toBe('0x5290…9EE7')
  expect(getDisplayName({ username: '  ', walletAddress: address })).toBe('0x5290…9EE7')
})

test('behavior: the greeting uses the username, else a neutral "Explorer"', () => {
  expect(getGreetingName({ username: 'alice' })).toBe('alice')
  expect(getGreetingName({ username: null })).toBe('Explorer')
  expect(getGreetingName({ username: ' \t' })).toBe('Explorer')
})

test('property: the greeting never shows any part of the wallet address', () => {
  const hex = fc.stringMatching(/^[0-9a-fA-F]{40}$/)
  fc.assert(
    fc.property(hex, fc.option(fc.constantFrom('', '  ', 'alice', 'bob.world'), { nil: null }), (digits, username) => {
      const user = { username, walletAddress: `0x${digits}` }
      const name = getGreetingName(user)
      expect(name).not.toContain(shortenAddress(user.walletAddress))
      expect(name).not.toMatch(/0x/)
      // The profile's name is the same whenever there is a username.
      if (username?.trim()) expect(name).toBe(getDisplayName(user))
      else expect(name).toBe('Explorer')
    }),
  )
})

test('behavior: shortenAddress keeps short strings whole', () => {
  expect(shortenAddress(address)).toBe('0x5290…9EE7')
  expect(shortenAddress('0x1234')).toBe('0x1234')
})
