import { DROP_KINDS, LOCALES, RARITIES } from '@worldmap/game'
import { expect, test } from 'vitest'
import { CATALOGUES } from '../../lib/i18n/catalogues/index.js'
import { translatorFor } from '../../lib/i18n/index.js'
import { cardName, dropName, kindDescription, kindName, kindPlural, rarityName } from './dropNames.js'

const drops = DROP_KINDS.flatMap((kind) => RARITIES.map((rarity) => ({ kind, rarity })))

test('default: the game’s nouns in English, from the catalogue', () => {
  const t = translatorFor({ locale: 'en', messages: CATALOGUES.en })
  expect(dropName(t, { kind: 'gem', rarity: 'rare' })).toBe('Rare Gem')
  expect(kindName(t, 'compass')).toBe('Compass')
  expect(kindPlural(t, 'compass')).toBe('Compasses')
  expect(rarityName(t, 'legendary')).toBe('Legendary')
  expect(kindDescription(t, 'relic')).toBe('Older than the streets around it. Someone kept it safe for you.')
  expect(cardName(t, { kind: 'coin', rarity: 'epic' })).toBe('Winged coin')
})

test('behavior: in every language, 40 cards with 40 different objects, each named, none left as a key', () => {
  for (const locale of LOCALES) {
    const t = translatorFor({ locale, messages: CATALOGUES[locale] })
    const names = drops.map((drop) => cardName(t, drop))
    expect(new Set(names).size, locale).toBe(40)
    for (const name of names) expect(name, locale).not.toMatch(/^art\./)
    // Short enough for one or two lines of the detail at 390 px.
    for (const name of names) expect(name.length, `${locale}: ${name}`).toBeLessThanOrEqual(30)
    expect(new Set(drops.map((drop) => dropName(t, drop))).size, locale).toBe(40)
  }
})

test('default: every kind has a name, a plural and its own one-line description, in every language', () => {
  for (const locale of LOCALES) {
    const t = translatorFor({ locale, messages: CATALOGUES[locale] })
    const descriptions = DROP_KINDS.map((kind) => kindDescription(t, kind))
    expect(new Set(descriptions).size, locale).toBe(DROP_KINDS.length)
    for (const kind of DROP_KINDS) {
      expect(kindName(t, kind), locale).not.toMatch(/^drops\./)
      expect(kindPlural(t, kind), locale).not.toMatch(/^drops\./)
      // One line or two on a phone, in the reveal and on the share card.
      expect(kindDescription(t, kind).length, `${locale}: ${kind}`).toBeLessThanOrEqual(80)
    }
  }
  const en = translatorFor({ locale: 'en', messages: CATALOGUES.en })
  for (const kind of DROP_KINDS) {
    expect(kindName(en, kind).toLowerCase()).toBe(kind)
    expect(kindPlural(en, kind).startsWith(kindName(en, kind).slice(0, -1))).toBe(true)
    expect(kindDescription(en, kind).length).toBeLessThanOrEqual(70)
  }
})
