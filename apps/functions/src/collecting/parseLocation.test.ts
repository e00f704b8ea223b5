import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidLocationError } from '../refusals/InvalidLocationError.js'
import { parseLocation } from './parseLocation.js'

describe('parseLocation', () => {
  test('default', () => {
    expect(parseLocation({ lat: 1.5, lng: 103.8, extra: true })).toEqual({ lat: 1.5, lng: 103.8 })
  })

  test.each([
    { name: 'corners', input: { lat: -90, lng: 180 }, ok: true },
    { name: 'lat > 90', input: { lat: 90.0001, lng: 0 }, ok: false },
    { name: 'lng < -180', input: { lat: 0, lng: -180.0001 }, ok: false },
    { name: 'NaN', input: { lat: Number.NaN, lng: 0 }, ok: false },
    { name: 'Infinity', input: { lat: 0, lng: Number.POSITIVE_INFINITY }, ok: false },
    { name: 'strings', input: { lat: '1', lng: '2' }, ok: false },
    { name: 'null', input: null, ok: false },
    { name: 'missing lng', input: { lat: 1 }, ok: false },
  ])('parameters: $name', ({ input, ok }) => {
    if (ok) expect(parseLocation(input)).toEqual(input)
    else expect(() => parseLocation(input)).toThrow(InvalidLocationError)
  })

  test('error: message and code', () => {
    expect(() => parseLocation({ lat: 91, lng: 0 })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidLocationError: invalid_location

      Details: lat]
    `)
    try {
      parseLocation({})
    } catch (error) {
      expect(error).toMatchObject({ name: 'InvalidLocationError', code: 'invalid_location', callableCode: 'invalid-argument' })
    }
  })

  test('behavior: random input only ever throws InvalidLocationError', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        try {
          parseLocation(input)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidLocationError)
        }
      }),
    )
  })
})
