import fc from 'fast-check'
import { expect, test } from 'vitest'
import { describeLocation } from './describeLocation.js'
import { PLACES } from './places.js'

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
  expect(describeLocation(point)).toBe(expected)
})

test('behavior: never coordinates, for any point on Earth', () => {
  fc.assert(
    fc.property(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lng) => {
      const text = describeLocation({ lat, lng })
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
