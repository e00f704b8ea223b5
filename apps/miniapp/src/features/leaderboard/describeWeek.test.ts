import fc from 'fast-check'
import { expect, test } from 'vitest'
import { en } from '../../lib/i18n/catalogues/en/index.js'
import { es } from '../../lib/i18n/catalogues/es/index.js'
import { id } from '../../lib/i18n/catalogues/id/index.js'
import { translatorFor } from '../../lib/i18n/index.js'
import { describeWeek as describeWeekIn } from './describeWeek.js'

const t = translatorFor({ locale: 'en', messages: en })
const describeWeek = (week: { startsAt: number; endsAt: number }, now: number) => describeWeekIn(week, now, t, 'en')

const MONDAY = Date.UTC(2026, 10, 23)
const NEXT_MONDAY = Date.UTC(2026, 10, 30)
const week = { startsAt: MONDAY, endsAt: NEXT_MONDAY }

test('default: the week by its UTC start, the reset on its UTC boundary', () => {
  expect(describeWeek(week, Date.UTC(2026, 10, 27, 18))).toEqual({
    label: 'Week of Nov 23, 2026',
    resets: 'Resets Monday 00:00 UTC · in 2 days',
  })
})

test.each([
  [NEXT_MONDAY - 5 * 3_600_000 - 1, 'Resets Monday 00:00 UTC · in 5 hours'],
  [NEXT_MONDAY - 30_000, 'Resets Monday 00:00 UTC · in under a minute'],
  [NEXT_MONDAY, 'Resetting now…'],
  [NEXT_MONDAY + 3_600_000, 'Resetting now…'],
])('parameters: at %i', (now, resets) => {
  expect(describeWeek(week, now).resets).toBe(resets)
})

test('behavior: the label is the UTC start day in every device time zone', () => {
  // The device's zone is the process's; the label must not depend on it.
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 520 }), (weeks) => {
      const startsAt = MONDAY + weeks * 7 * 86_400_000
      const start = new Date(startsAt)
      const label = describeWeek({ startsAt, endsAt: startsAt + 7 * 86_400_000 }, startsAt).label
      expect(label).toContain(`${start.getUTCDate()}, ${start.getUTCFullYear()}`)
      expect(describeWeek({ startsAt, endsAt: startsAt + 7 * 86_400_000 }, startsAt).resets).toBe(
        'Resets Monday 00:00 UTC · in 7 days',
      )
    }),
  )
})

test("behavior: in the player's language, the boundary's weekday and time as that language writes them", () => {
  const at = Date.UTC(2026, 10, 27, 18)
  expect(describeWeekIn(week, at, translatorFor({ locale: 'es', messages: es }), 'es')).toEqual({
    label: 'Semana del 23 nov 2026',
    resets: 'Se reinicia el lunes a las 00:00 UTC · en 2 días',
  })
  expect(describeWeekIn(week, at, translatorFor({ locale: 'id', messages: id }), 'id')).toEqual({
    label: 'Pekan mulai 23 Nov 2026',
    resets: 'Direset Senin pukul 00.00 UTC · 2 hari lagi',
  })
})
