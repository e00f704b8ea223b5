import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { localClockOf } from './localClockOf.js'
import { localDayOf } from './localDayOf.js'

describe('localClockOf', () => {
  test.each([
    ['Asia/Kolkata', Date.UTC(2026, 0, 1, 13, 30), { hour: 19, minute: 0, offsetMinutes: 330 }],
    ['Asia/Kathmandu', Date.UTC(2026, 0, 1, 16, 14), { hour: 21, minute: 59, offsetMinutes: 345 }],
    ['America/New_York', Date.UTC(2026, 0, 1, 4, 0), { hour: 23, minute: 0, offsetMinutes: -300 }],
    ['America/New_York', Date.UTC(2026, 6, 1, 4, 0), { hour: 0, minute: 0, offsetMinutes: -240 }],
    ['Pacific/Kiritimati', Date.UTC(2026, 0, 1, 10, 0), { hour: 0, minute: 0, offsetMinutes: 840 }],
    ['UTC', Date.UTC(2026, 0, 1, 0, 0, 59, 999), { hour: 0, minute: 0, offsetMinutes: 0 }],
  ])('default: %s', (zone, time, clock) => {
    expect(localClockOf(time, zone)).toEqual(clock)
  })

  test('behavior: the clock and the local day agree, and the offset is whole minutes within ±14 h (property)', () => {
    const zones = ['UTC', 'Asia/Singapore', 'America/St_Johns', 'Australia/Lord_Howe', 'Europe/London', 'Pacific/Chatham']
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (zone, time) => {
        const { hour, minute, offsetMinutes } = localClockOf(time, zone)
        expect(Math.abs(offsetMinutes)).toBeLessThanOrEqual(14 * 60)
        const wall = new Date(time - (time % 60_000) + offsetMinutes * 60_000)
        expect([wall.getUTCHours(), wall.getUTCMinutes()]).toEqual([hour, minute])
        expect(wall.toISOString().slice(0, 10)).toBe(localDayOf(time, zone))
      }),
    )
  })

  test('error: a bad zone or time is the typed error', () => {
    expect(() => localClockOf(0, 'Mars/Base')).toThrowError(expect.objectContaining({ name: 'InvalidTimeZoneError' }))
    expect(() => localClockOf(Number.NaN, 'UTC')).toThrowError(expect.objectContaining({ name: 'InvalidTimeError' }))
  })
})
