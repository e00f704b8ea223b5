import { displayNameOf, isRefusedName, LOCALES } from '@worldmap/game'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { CATALOGUES } from '../../lib/i18n/catalogues/index.js'
import { translatorFor } from '../../lib/i18n/index.js'
import { getDisplayAvatar, getDisplayName } from './getDisplayName.js'

const t = translatorFor({ locale: 'en', messages: CATALOGUES.en })

test('default: the username', () => {
  expect(getDisplayName({ username: 'alice' }, t('profile.fallbackName'))).toBe('alice')
  expect(getDisplayName({ username: ' bob.world ' }, t('profile.fallbackName'))).toBe('bob.world')
})

test('behavior: no (or a blank) username is the one friendly fallback, "Explorer" in English', () => {
  const fallback = t('profile.fallbackName')
  expect(fallback).toBe('Explorer')
  expect(getDisplayName({ username: null }, fallback)).toBe('Explorer')
  expect(getDisplayName({ username: undefined }, fallback)).toBe('Explorer')
  expect(getDisplayName({ username: ' \t' }, fallback)).toBe('Explorer')
})

test('behavior: the fallback is the player’s language, a word of its own in each', () => {
  const names = LOCALES.map((locale) => {
    const name = getDisplayName(
      { username: null },
      translatorFor({ locale, messages: CATALOGUES[locale] })('profile.fallbackName'),
    )
    expect(name, locale).not.toBe('profile.fallbackName')
    return name
  })
  expect(names).toEqual(['Explorer', 'Explorador', 'Explorador', 'Penjelajah'])
})

test('property: whatever the player record holds, the name never shows any part of the wallet address', () => {
  const hex = fc.stringMatching(/^[0-9a-fA-F]{40}$/)
  fc.assert(
    fc.property(hex, fc.option(fc.constantFrom('', '  ', 'alice', 'bob.world'), { nil: null }), (digits, username) => {
      const player = { username, walletAddress: `0x${digits}`, uid: `0x${digits}` }
      const name = getDisplayName(player, t('profile.fallbackName'))
      expect(name).not.toMatch(/0x[0-9a-f]/i)
      expect(name).not.toContain(digits.slice(0, 4))
      expect(name).toBe(username?.trim() ? username.trim() : 'Explorer')
    }),
  )
})

test('behavior: without a World username, the game’s generated name — the leaderboard’s name for the player', () => {
  const fallback = t('profile.fallbackName')
  expect(getDisplayName({ username: null, generatedName: 'Quiet Wren 6747' }, fallback)).toBe('Quiet Wren 6747')
  expect(getDisplayName({ username: ' ', generatedName: 'Quiet Wren 6747' }, fallback)).toBe('Quiet Wren 6747')
  // A username wins over it; neither leaves the one friendly word.
  expect(getDisplayName({ username: 'alice', generatedName: 'Quiet Wren 6747' }, fallback)).toBe('alice')
  expect(getDisplayName({ username: null, generatedName: null }, fallback)).toBe('Explorer')
})

test('behavior: a username the board refuses (a direction override, an invisible character) is not shown here either', () => {
  const fallback = t('profile.fallbackName')
  expect(getDisplayName({ username: 'ana\u202Egnp.exe', generatedName: 'Quiet Wren 6747' }, fallback)).toBe('Quiet Wren 6747')
  expect(getDisplayName({ username: 'bo\u200Bb', generatedName: null }, fallback)).toBe('Explorer')
})

test('property: the name is the one the leaderboard would show — displayNameOf(username) ?? generated name', () => {
  fc.assert(
    fc.property(
      fc.option(fc.string(), { nil: null }),
      fc.option(fc.string({ minLength: 1 }), { nil: null }),
      (username, generatedName) => {
        const shown = getDisplayName({ username, generatedName }, 'Explorer')
        expect(shown).toBe(displayNameOf(username) ?? displayNameOf(generatedName) ?? 'Explorer')
      },
    ),
  )
})

test('behavior: the avatar shows beside a username or none, and a refused username takes it away, as on the board', () => {
  const picture = 'https://cdn.world.test/a.png'
  expect(getDisplayAvatar({ username: 'alice', profilePictureUrl: picture })).toBe(picture)
  expect(getDisplayAvatar({ username: null, profilePictureUrl: picture })).toBe(picture)
  expect(getDisplayAvatar({ username: 'alice', profilePictureUrl: null })).toBeNull()
  for (const username of ['ana\u202Eevil', '\u3164', '\u2800\u2800', 'ana\u{E0041}', '\u00AD']) {
    expect(getDisplayAvatar({ username, profilePictureUrl: picture }), JSON.stringify(username)).toBeNull()
  }
})

test('property: an avatar is never shown beside a refused username', () => {
  fc.assert(
    fc.property(
      fc.option(fc.string({ unit: 'grapheme', maxLength: 70 }), { nil: null }),
      fc.constantFrom('https://cdn.world.test/a.png', null),
      (username, profilePictureUrl) => {
        const avatar = getDisplayAvatar({ username, profilePictureUrl })
        expect(avatar).toBe(isRefusedName(username) ? null : profilePictureUrl)
        if (avatar !== null && username !== null) expect(getDisplayName({ username }, 'Explorer')).toBe(displayNameOf(username))
      },
    ),
  )
})
