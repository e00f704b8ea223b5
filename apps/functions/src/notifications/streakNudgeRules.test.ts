import { canonicalTimeZone, localClockOf, type Progress } from '@worldmap/game'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  decideStreakNudge,
  isQuietHour,
  isRemindable,
  NUDGE_RULES,
  type NudgeCandidate,
  remindSlotOf,
  sendSlotOf,
  wasSentRecently,
} from './streakNudgeRules.js'
import { progressOn } from './testing/progressOn.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** 2026-11-26 at `hour`:`minute` UTC. */
const utc = (hour: number, minute = 0) => Date.UTC(2026, 10, 26, hour, minute)

const progressOf = progressOn

const willing = (progress: Progress | null, lastSent: NudgeCandidate['lastSent'] = null): NudgeCandidate => ({
  granted: true,
  optedOut: false,
  progress,
  lastSent,
})

// Singapore is UTC+8 all year: 11:00 UTC is 19:00 there.
const sgEvening = utc(11)

describe('decideStreakNudge', () => {
  test('default: a 5-day streak last kept yesterday gets a nudge at 19:00 local', () => {
    expect(decideStreakNudge(willing(progressOf('2026-11-25', 5)), sgEvening)).toEqual({
      send: true,
      day: '2026-11-26',
      streak: 5,
      timeZone: 'Asia/Singapore',
    })
  })

  test.each<[string, NudgeCandidate, string]>([
    ['no permission', { ...willing(progressOf('2026-11-25', 5)), granted: false }, 'no_permission'],
    ['opted out', { ...willing(progressOf('2026-11-25', 5)), optedOut: true }, 'opted_out'],
    ['no find ever', willing(null), 'no_streak'],
    ['a streak already lost (last find two days ago)', willing(progressOf('2026-11-24', 5)), 'no_streak'],
    ['today already has a find', willing(progressOf('2026-11-26', 6)), 'kept_today'],
    ['a nudge already sent today', willing(progressOf('2026-11-25', 5), { day: '2026-11-26', at: utc(10) }), 'already_sent'],
    [
      'a nudge yesterday, less than 20 h ago (a zone change)',
      willing(progressOf('2026-11-25', 5), { day: '2026-11-25', at: utc(-6) }),
      'already_sent',
    ],
  ])('behavior: %s → no nudge', (_name, candidate, reason) => {
    expect(decideStreakNudge(candidate, sgEvening)).toEqual({ send: false, reason })
  })

  test('behavior: yesterday’s nudge more than 20 h ago does not stop today’s', () => {
    const candidate = willing(progressOf('2026-11-25', 5), { day: '2026-11-25', at: sgEvening - DAY })
    expect(decideStreakNudge(candidate, sgEvening)).toMatchObject({ send: true })
  })

  test.each([
    [utc(14), 'quiet_hours'], // 22:00 in Singapore
    [utc(15, 59), 'quiet_hours'], // 23:59
    [utc(18), 'quiet_hours'], // 02:00 the next day — but the day has moved on: still quiet first
    [utc(23, 59), 'quiet_hours'], // 07:59
    [utc(0), 'not_evening'], // 08:00
    [utc(9, 59), 'not_evening'], // 17:59
  ])('behavior: at %s UTC (Singapore) the clock says %s', (now, reason) => {
    const day = now >= utc(16) ? '2026-11-26' : '2026-11-25'
    expect(decideStreakNudge(willing(progressOf(day, 5)), now)).toEqual({ send: false, reason })
  })

  test.each([
    ['America/New_York', utc(0), true], // 19:00 EST
    ['America/New_York', utc(3), 'quiet_hours'], // 22:00 EST
    ['Asia/Kolkata', utc(13, 30), true], // 19:00 IST
    ['Asia/Kathmandu', utc(16, 14), true], // 21:59 NPT
    ['Asia/Kathmandu', utc(16, 15), 'quiet_hours'], // 22:00 NPT
    ['Pacific/Kiritimati', utc(4), true], // 18:00 the next day at UTC+14
    ['Pacific/Pago_Pago', utc(5), true], // 18:00 the day before at UTC−11
  ])('behavior: time zones: %s at %s', (zone, now, expected) => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now)
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now - DAY)
    expect(today).not.toBe(yesterday)
    const decision = decideStreakNudge(willing(progressOf(yesterday, 3, zone)), now)
    if (expected === true) expect(decision).toEqual({ send: true, day: today, streak: 3, timeZone: canonicalTimeZone(zone) })
    else expect(decision).toEqual({ send: false, reason: expected })
  })

  test('behavior: never sent in the quiet hours, whatever the zone, time or state (property)', () => {
    const zones = ['UTC', 'Asia/Singapore', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Adelaide']
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 40 }),
        (zone, now, daysAgo, streak) => {
          const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now - daysAgo * DAY)
          const decision = decideStreakNudge(willing(progressOf(day, streak, zone)), now)
          if (!decision.send) return
          const { hour } = localClockOf(now, zone)
          expect(hour).toBeGreaterThanOrEqual(NUDGE_RULES.eveningStartHour)
          expect(hour).toBeLessThan(NUDGE_RULES.eveningEndHour)
          expect(decision.streak).toBeGreaterThan(0)
          expect(daysAgo).toBe(1)
        },
      ),
    )
  })

  test('error: a time that is not a timestamp throws the game’s typed error', () => {
    expect(() => decideStreakNudge(willing(progressOf('2026-11-25', 5)), Number.NaN)).toThrowError(/time/i)
  })
})

describe('isRemindable / remindSlotOf', () => {
  const on = { granted: true, optedOut: false }

  test('default: granted, reminders on and a streak alive (kept yesterday or today) is filed, under the progress zone’s slot', () => {
    expect(isRemindable(on, progressOf('2026-11-25', 5), sgEvening)).toBe(true)
    expect(isRemindable(on, progressOf('2026-11-26', 1), sgEvening)).toBe(true)
    expect(remindSlotOf(progressOf('2026-11-25', 5), sgEvening)).toBe(11)
    expect(remindSlotOf(progressOf('2026-11-25', 5, 'Asia/Jakarta'), sgEvening)).toBe(12)
    expect(remindSlotOf(progressOf('2026-11-25', 5, 'Mars/Base'), sgEvening)).toBe(19)
  })

  test.each<[string, { granted: boolean; optedOut: boolean }, Progress | null]>([
    ['no find ever (every unverified account: collecting needs a verified human)', on, null],
    ['a streak that lapsed (last find two days ago)', on, progressOf('2026-11-24', 5)],
    ['not granted', { granted: false, optedOut: false }, progressOf('2026-11-25', 5)],
    ['opted out', { granted: true, optedOut: true }, progressOf('2026-11-25', 5)],
  ])('behavior: %s → not filed', (_name, player, progress) => {
    expect(isRemindable(player, progress, sgEvening)).toBe(false)
  })

  test('behavior: the index never leaves out a player a run would nudge, and never files one with nothing to remind (property)', () => {
    const zones = ['UTC', 'Asia/Singapore', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Kiritimati']
    fc.assert(
      fc.property(
        fc.record({ granted: fc.boolean(), optedOut: fc.boolean() }),
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }),
        fc.option(fc.record({ daysAgo: fc.integer({ min: 0, max: 4 }), streak: fc.integer({ min: 1, max: 40 }) })),
        (player, zone, now, last) => {
          const day = last && new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now - last.daysAgo * DAY)
          const progress = last && day ? progressOf(day, last.streak, zone) : null
          const filed = isRemindable(player, progress, now)
          const decision = decideStreakNudge({ ...player, progress, lastSent: null }, now)
          if (decision.send) expect(filed).toBe(true)
          if (!decision.send && ['no_permission', 'opted_out', 'no_streak'].includes(decision.reason)) expect(filed).toBe(false)
          if (progress === null) expect(filed).toBe(false)
        },
      ),
    )
  })
})

describe('wasSentRecently / isQuietHour', () => {
  test('default', () => {
    expect(wasSentRecently(null, '2026-11-26', utc(11))).toBe(false)
    expect(wasSentRecently({ day: '2026-11-26', at: 0 }, '2026-11-26', utc(11))).toBe(true)
    expect([21, 22, 23, 0, 7, 8].map(isQuietHour)).toEqual([false, true, true, true, true, false])
  })
})

describe('sendSlotOf', () => {
  test.each([
    ['Asia/Singapore', 11],
    ['UTC', 19],
    ['Asia/Kolkata', 13],
    ['Asia/Kathmandu', 13],
    ['America/St_Johns', 22],
    ['Pacific/Kiritimati', 5],
    ['Pacific/Pago_Pago', 6],
    ['America/New_York', 0],
  ])('default: %s → slot %i (November)', (zone, slot) => {
    expect(sendSlotOf(zone, utc(12))).toBe(slot)
  })

  test('behavior: daylight saving moves a zone’s slot', () => {
    expect(sendSlotOf('America/New_York', Date.UTC(2026, 6, 1))).toBe(23)
    expect(sendSlotOf('Europe/London', Date.UTC(2026, 0, 1))).toBe(19)
    expect(sendSlotOf('Europe/London', Date.UTC(2026, 6, 1))).toBe(18)
  })

  test('behavior: a run in its slot hour, or up to two hours late, finds the player in their evening (property)', () => {
    const zones = Intl.supportedValuesOf('timeZone')
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: HOUR - 1 }),
        (zone, now, late, within) => {
          const slot = sendSlotOf(zone, now)
          const run = Math.floor(now / DAY) * DAY + (slot + late) * HOUR + within
          // A daylight-saving change between the two moments re-files the player: not this property.
          fc.pre(localClockOf(run, zone).offsetMinutes === localClockOf(now, zone).offsetMinutes)
          const { hour } = localClockOf(run, zone)
          expect(hour).toBeGreaterThanOrEqual(NUDGE_RULES.eveningStartHour)
          expect(hour).toBeLessThan(NUDGE_RULES.eveningEndHour)
        },
      ),
    )
  })

  test('error: an unknown zone is InvalidTimeZoneError', () => {
    expect(() => sendSlotOf('Mars/Olympus_Mons', utc(0))).toThrowError(expect.objectContaining({ name: 'InvalidTimeZoneError' }))
  })
})
