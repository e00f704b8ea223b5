import { displayNameOf, generatedNameOf, isRefusedName } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { allowedAvatarOf, publicCardOf } from './publicCardOf.js'

const cdn = 'https://cdn.world.test'

describe('allowedAvatarOf', () => {
  test('default: an avatar from an allowed origin is kept', () => {
    expect(allowedAvatarOf(`${cdn}/a/b.png`, [cdn])).toBe(`${cdn}/a/b.png`)
  })

  test.each([
    ['another host', 'https://tracker.test/pixel.gif'],
    ['a look-alike subdomain', 'https://cdn.world.test.tracker.test/p.gif'],
    ['plain http on the same host', 'http://cdn.world.test/a.png'],
    ['another port', 'https://cdn.world.test:8443/a.png'],
    ['user info', 'https://me@cdn.world.test/a.png'],
    ['not a URL', 'cdn.world.test/a.png'],
    ['a data: URL', 'data:image/png;base64,AAAA'],
    ['over 2048 characters', `${cdn}/${'a'.repeat(2048)}`],
    ['not a string', 42],
  ])('error: %s is dropped', (_name, raw) => {
    expect(allowedAvatarOf(raw, [cdn])).toBeNull()
  })

  test('error: with no allowed origin every avatar is dropped', () => {
    expect(allowedAvatarOf(`${cdn}/a.png`, [])).toBeNull()
  })
})

describe('publicCardOf', () => {
  test('default: a clean name and an allowed avatar are shown', () => {
    expect(publicCardOf({ username: 'ana', profilePictureUrl: `${cdn}/a.png`, verified: true }, 'p1', [cdn])).toEqual({
      username: 'ana',
      profilePictureUrl: `${cdn}/a.png`,
    })
  })

  test('behavior: a refused or missing name shows the generated one, a foreign avatar none', () => {
    const generated = { username: generatedNameOf('p1'), profilePictureUrl: null }
    expect(publicCardOf({ username: 'ana\u202Eevil', profilePictureUrl: 'https://tracker.test/p.gif' }, 'p1', [cdn])).toEqual(
      generated,
    )
    expect(publicCardOf({ username: 'a\u200Bna' }, 'p1', [cdn])).toEqual(generated)
    expect(publicCardOf({ verified: true }, 'p1', [cdn])).toEqual(generated)
    expect(publicCardOf(undefined, 'p1', [cdn])).toEqual(generated)
  })

  test.each([
    ['a bidi override', 'ana\u202Eevil'],
    ['a zero-width space', 'a\u200Bna'],
    ['only a Hangul filler', '\u3164'],
    ['only soft hyphens', '\u00AD\u00AD'],
    ['only a braille blank', '\u2800'],
    ['tag characters', 'ana\u{E0041}'],
    ['an invisible operator', 'ana\u2062bob'],
    ['a Mongolian vowel separator', '\u180E'],
    ['a newline', 'ana\nbob'],
    ['over 64 code points', 'a'.repeat(65)],
    ['not a string', 42],
  ])('error: a name refused for %s drops its allowed avatar too', (_name, username) => {
    expect(publicCardOf({ username, profilePictureUrl: `${cdn}/a.png`, verified: true }, 'p1', [cdn])).toEqual({
      username: generatedNameOf('p1'),
      profilePictureUrl: null,
    })
  })

  test('behavior: a card with no name keeps its allowed avatar: nothing was refused', () => {
    expect(publicCardOf({ profilePictureUrl: `${cdn}/a.png`, verified: true }, 'p1', [cdn])).toEqual({
      username: generatedNameOf('p1'),
      profilePictureUrl: `${cdn}/a.png`,
    })
  })

  test('behavior: property: a card never shows an avatar beside a refused name', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 70 }),
          fc
            .array(fc.constantFrom('a', ' ', '\u3164', '\u2800', '\u00AD', '\u202E', '\u200D', '\u{E0041}', '👍'), {
              maxLength: 8,
            })
            .map((parts) => parts.join('')),
          fc.constant(undefined),
        ),
        fc.constantFrom(`${cdn}/a.png`, 'https://tracker.test/p.gif', undefined),
        (username, profilePictureUrl) => {
          const shown = publicCardOf({ username, profilePictureUrl }, 'p1', [cdn])
          expect(shown.username).toBe(displayNameOf(username) ?? generatedNameOf('p1'))
          if (isRefusedName(username)) expect(shown.profilePictureUrl).toBeNull()
          else expect(shown.profilePictureUrl).toBe(profilePictureUrl === `${cdn}/a.png` ? profilePictureUrl : null)
        },
      ),
    )
  })
})
