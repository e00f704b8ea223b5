import fc from 'fast-check'
import { expect, test } from 'vitest'
import { FALLBACK_DISPLAY_NAME, getDisplayName } from './getDisplayName.js'

test('default: the username', () => {
  expect(getDisplayName({ username: 'alice' })).toBe('alice')
  expect(getDisplayName({ username: ' bob.world ' })).toBe('bob.world')
})

test('behavior: no (or a blank) username is the one friendly fallback, "Explorer"', () => {
  expect(FALLBACK_DISPLAY_NAME).toBe('Explorer')
  expect(getDisplayName({ username: null })).toBe('Explorer')
  expect(getDisplayName({ username: undefined })).toBe('Explorer')
  expect(getDisplayName({ username: ' \t' })).toBe('Explorer')
})

test('property: whatever the player record holds, the name never shows any part of the wallet address', () => {
  const hex = fc.stringMatching(/^[0-9a-fA-F]{40}$/)
  fc.assert(
    fc.property(hex, fc.option(fc.constantFrom('', '  ', 'alice', 'bob.world'), { nil: null }), (digits, username) => {
      const player = { username, walletAddress: `0x${digits}`, uid: `0x${digits}` }
      const name = getDisplayName(player)
      expect(name).not.toMatch(/0x[0-9a-f]/i)
      expect(name).not.toContain(digits.slice(0, 4))
      expect(name).toBe(username?.trim() ? username.trim() : 'Explorer')
    }),
  )
})
