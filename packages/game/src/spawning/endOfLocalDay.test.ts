import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { localDayOf } from '../time/localDayOf.js'
import { endOfLocalDay } from './endOfLocalDay.js'

const ZONES = [
  'UTC',
  'Asia/Singapore',
  'America/New_York',
  'Europe/London',
  'Asia/Kathmandu',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
]

describe('endOfLocalDay', () => {
  test('default', () => {
    expect(endOfLocalDay(Date.UTC(2026, 10, 24, 1), 'Asia/Singapore')).toBe(Date.UTC(2026, 10, 24, 16))
    expect(endOfLocalDay(Date.UTC(2026, 10, 24, 1), 'UTC')).toBe(Date.UTC(2026, 10, 25))
  })

  test('behavior: a 23-hour day (New York, 8 March 2026) ends at local midnight', () => {
    expect(endOfLocalDay(Date.UTC(2026, 2, 8, 6), 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 4))
  })

  test('behavior: the last millisecond is still today, the result is not (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.constantFrom(...ZONES), (now, zone) => {
        const end = endOfLocalDay(now, zone)
        expect(end).toBeGreaterThan(now)
        expect(end - now).toBeLessThanOrEqual(25 * 3_600_000)
        expect(localDayOf(end - 1, zone)).toBe(localDayOf(now, zone))
        expect(localDayOf(end, zone)).not.toBe(localDayOf(now, zone))
      }),
      { numRuns: 200 },
    )
  })
})
