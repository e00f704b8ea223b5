import { encodeGeohash } from '@worldmap/game'
import fc from 'fast-check'
import { afterEach, describe, expect, test } from 'vitest'
import { REPORT_REGION_MAX_LENGTH, REPORT_REGION_PATTERN, reportRegion, reportRegionOf, setReportRegion } from './reportRegion.js'

const table = { w2: 'https://wm-sea-1', w21z7: 'https://wm-sg-1', qqgu: 'https://wm-jkt-1', u4pruy: 'https://wm-osl-1' }
const geohash = '0123456789bcdefghjkmnpqrstuvwxyz'

afterEach(() => {
  setReportRegion(undefined)
})

describe('reportRegionOf', () => {
  test.each([
    ['w21z7kq', 'w21z7'],
    ['w2b0000', 'w2'],
    ['qqguwv2', 'qqgu'],
    // A 6-character key of the table is cut to 5: never finer than ~5 km.
    ['u4pruyd', 'u4pru'],
    ['dr5regw', 'main'],
  ])('default: %s is in region %s', (cell, region) => {
    expect(reportRegionOf(cell, table)).toBe(region)
  })

  test('behavior: without a table everything is main', () => {
    expect(reportRegionOf('w21z7kq', {})).toBe('main')
  })

  test('property: the region is main or a prefix of the cell of at most 5 characters, whatever the table', () => {
    const cell = fc.string({ unit: fc.constantFrom(...geohash), minLength: 7, maxLength: 7 })
    const prefix = fc.string({ unit: fc.constantFrom(...geohash), minLength: 1, maxLength: 6 })
    fc.assert(
      fc.property(cell, fc.array(prefix, { maxLength: 12 }), (at, prefixes) => {
        const region = reportRegionOf(at, Object.fromEntries(prefixes.map((key) => [key, `https://${key}`])))
        expect(region).toMatch(REPORT_REGION_PATTERN)
        if (region !== 'main') {
          expect(at.startsWith(region)).toBe(true)
          expect(region.length).toBeLessThanOrEqual(REPORT_REGION_MAX_LENGTH)
        }
      }),
    )
  })

  test('property: a position to the metre gives no more than its 5-character cell (~4.9 km)', () => {
    fc.assert(
      fc.property(fc.double({ min: -89, max: 89, noNaN: true }), fc.double({ min: -179, max: 179, noNaN: true }), (lat, lng) => {
        const cell = encodeGeohash(lat, lng, 7)
        // A table as fine as it may be: the position's own 6-character cell.
        const region = reportRegionOf(cell, { [cell.slice(0, 6)]: 'https://fine' })
        expect(region).toBe(cell.slice(0, 5))
      }),
    )
  })
})

describe('setReportRegion', () => {
  test('default: the region later reports carry', () => {
    expect(reportRegion()).toBeUndefined()
    setReportRegion('w21z7')
    expect(reportRegion()).toBe('w21z7')
  })

  test('error: anything finer than a region, or not a region, is not kept', () => {
    for (const value of ['w21z7k', '1.3521,103.8198', 'W21', 'main ']) {
      setReportRegion(value)
      expect(reportRegion()).toBeUndefined()
    }
  })
})
