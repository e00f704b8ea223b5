import { LOCALES } from '@worldmap/game'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { en } from '../../lib/i18n/catalogues/en/index.js'
import { es } from '../../lib/i18n/catalogues/es/index.js'
import { id } from '../../lib/i18n/catalogues/id/index.js'
import { ptBR } from '../../lib/i18n/catalogues/pt-BR/index.js'
import { translatorFor } from '../../lib/i18n/index.js'
import { countryName } from './countryName.js'
import { describeLocation } from './describeLocation.js'
import { PLACES } from './places.js'

const t = translatorFor({ locale: 'en', messages: en })

test.each([
  [{ lat: 1.2834, lng: 103.8607 }, 'in Singapore'],
  [{ lat: 1.3521, lng: 103.8198 }, 'in Singapore'],
  [{ lat: 1.4655, lng: 103.7578 }, 'in Johor Bahru'],
  [{ lat: 3.07, lng: 101.52 }, 'near Kuala Lumpur, Malaysia'],
  [{ lat: -33.7, lng: 151.1 }, 'near Sydney, Australia'],
  [{ lat: 48.8584, lng: 2.2945 }, 'in Paris'],
  // Tioman island: no city within 30 km, a rounded distance and a direction.
  [{ lat: 2.8, lng: 104.17 }, 'about 150 km north of Johor Bahru, Malaysia'],
  [{ lat: 0, lng: -140 }, 'about 3,100 km south-east of Honolulu, United States'],
])('default: %o is %s', (point, expected) => {
  expect(describeLocation(t, 'en', point)).toBe(expected)
})

test('parameters: in the player’s language, with its number grouping and its names of countries; cities as listed', () => {
  const tEs = translatorFor({ locale: 'es', messages: es })
  expect(describeLocation(tEs, 'es', { lat: 1.2834, lng: 103.8607 })).toBe('en Singapore')
  expect(describeLocation(tEs, 'es', { lat: -33.7, lng: 151.1 })).toBe('cerca de Sydney, Australia')
  expect(describeLocation(tEs, 'es', { lat: 0, lng: -140 })).toBe('a unos 3100 km al sureste de Honolulu, Estados Unidos')
  const tPt = translatorFor({ locale: 'pt-BR', messages: ptBR })
  expect(describeLocation(tPt, 'pt-BR', { lat: 3.07, lng: 101.52 })).toBe('perto de Kuala Lumpur, Malásia')
  const tId = translatorFor({ locale: 'id', messages: id })
  expect(describeLocation(tId, 'id', { lat: 0, lng: -140 })).toMatch(/Honolulu, Amerika Serikat$/)
})

test('parameters: every listed country has a name in every language, never its bare code', () => {
  for (const locale of LOCALES) {
    for (const [, code] of PLACES) {
      if (!code) continue
      expect(code).toMatch(/^[A-Z]{2}$/)
      expect(countryName(code, locale)).not.toBe(code)
    }
  }
  expect(countryName('MY', 'pt-BR')).toBe('Malásia')
  // A code the platform has no name for (user-assigned) shows as itself rather than nothing.
  expect(countryName('AA', 'es')).toBe('AA')
})

test('behavior: never coordinates, for any point on Earth', () => {
  fc.assert(
    fc.property(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lng) => {
      const text = describeLocation(t, 'en', { lat, lng })
      expect(text).toMatch(/^(in|near|about) /)
      // No degrees, no decimals, no bare numbers other than a rounded distance in km.
      expect(text).not.toMatch(/°|\d\.\d|-\d/)
      expect(text.replace(/^about [\d,]+ km /, '')).not.toMatch(/\d/)
    }),
  )
})

test('parameters: the reference places are well formed and unique', () => {
  const names = PLACES.map(([name, country]) => `${name}, ${country}`)
  expect(new Set(names).size).toBe(PLACES.length)
  for (const [name, , lat, lng] of PLACES) {
    expect(name.length).toBeGreaterThan(0)
    expect(Math.abs(lat)).toBeLessThanOrEqual(90)
    expect(Math.abs(lng)).toBeLessThanOrEqual(180)
  }
})
