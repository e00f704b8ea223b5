import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { showStreakReminder, zoneAt } from './streakReminder.mjs'

const HOUR = 3_600_000
const hourIn = (zone: string, at: number) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(at))

describe('zoneAt', () => {
  test('property: at any moment, the zone it names reads the asked hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.integer({ min: 0, max: 23 }), (at, hour) => {
        expect(hourIn(zoneAt(hour, at), at)).toBe(hour)
      }),
    )
  })

  test('default: 19:00 when it is 11:00 UTC is UTC+8', () => {
    expect(zoneAt(19, Date.UTC(2026, 10, 28, 11, 30))).toBe('Etc/GMT-8')
    expect(zoneAt(19, Date.UTC(2026, 10, 28, 19))).toBe('Etc/GMT')
  })
})

describe('showStreakReminder', () => {
  test('error: a malformed wallet is refused before the database is touched', async () => {
    const database = new Proxy(
      {},
      {
        get: () => {
          throw new Error('touched')
        },
      },
    )
    for (const wallet of [undefined, 'x', '0x123', { toString: () => '0x' }]) {
      expect(
        await showStreakReminder({
          database: database as never,
          functionsUrl: '',
          projectId: '',
          region: '',
          wallet,
          now: 0 * HOUR,
        }),
      ).toMatchObject({ status: 400, body: { reason: 'invalid_wallet' } })
    }
  })
})
