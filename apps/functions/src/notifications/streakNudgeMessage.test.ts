import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { miniAppPathOf, PORTAL_TEXT_LIMITS, streakNudgeLocalisations } from './streakNudgeMessage.js'

describe('streakNudgeLocalisations', () => {
  test('default: a 5-day streak in the four languages, English first', () => {
    expect(streakNudgeLocalisations(5)).toEqual([
      {
        language: 'en',
        title: '🔥 Keep your 5-day streak',
        message: '5 days in a row! Find one drop today to keep your streak alive.',
      },
      {
        language: 'es',
        title: '🔥 Salva tu racha de 5 días',
        message: '¡5 días seguidos! Encuentra un objeto hoy para no perder tu racha.',
      },
      {
        language: 'pt',
        title: '🔥 Não perca 5 dias seguidos',
        message: '5 dias seguidos! Encontre um item hoje para manter sua sequência.',
      },
      {
        language: 'id',
        title: '🔥 Jaga runtunan 5 harimu',
        message: '5 hari berturut-turut! Temukan satu item hari ini agar runtunanmu tetap menyala.',
      },
    ])
  })

  test('behavior: plurals: one day', () => {
    const [en, es, pt] = streakNudgeLocalisations(1)
    expect(en?.title).toBe('🔥 Keep your 1-day streak')
    expect(es?.title).toBe('🔥 Salva tu racha de 1 día')
    expect(pt?.title).toBe('🔥 Mantenha sua sequência viva')
    expect(en?.message).toBe('You found a drop yesterday. Find one today to start a 2-day streak.')
  })

  test('behavior: on a day whose find earns a streak reward (day 3, day 7) the message says it is waiting', () => {
    const messages = (streak: number) => streakNudgeLocalisations(streak).map((localisation) => localisation.message)
    expect(messages(2)[0]).toBe(
      '2 days in a row! Your day-3 streak reward is waiting on the map: find a drop today to keep your streak and collect it.',
    )
    expect(messages(6)[0]).toBe(
      '6 days in a row! Your day-7 streak reward is waiting on the map: find a drop today to keep your streak and collect it.',
    )
    // Every language names the day; other days keep the plain message.
    for (const message of messages(2)) expect(message).toMatch(/3/)
    for (const message of messages(6)) expect(message).toMatch(/7/)
    expect(messages(3)[0]).toBe('3 days in a row! Find one drop today to keep your streak alive.')
    expect(messages(7)[0]).toBe('7 days in a row! Find one drop today to keep your streak alive.')
  })

  test('behavior: every title fits the portal’s 30 characters, every message its 200, for any streak (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (streak) => {
        for (const { title, message } of streakNudgeLocalisations(streak)) {
          expect(title.length).toBeLessThanOrEqual(PORTAL_TEXT_LIMITS.title)
          expect(message.length).toBeLessThanOrEqual(PORTAL_TEXT_LIMITS.message)
        }
      }),
    )
  })

  test('behavior: up to 999 days every language shows the number (the short title is for streaks of years)', () => {
    for (let streak = 2; streak <= 999; streak++) {
      for (const { title } of streakNudgeLocalisations(streak)) expect(title).toContain(String(streak))
    }
    // '🔥 Salva tu racha de 12.345 días' would be 32: Spanish alone falls back.
    expect(streakNudgeLocalisations(12_345).map(({ title }) => title)).toEqual([
      '🔥 Keep your 12,345-day streak',
      '🔥 No pierdas tu racha',
      '🔥 Não perca sua sequência',
      '🔥 Jaga runtunan 12.345 harimu',
    ])
  })

  // Keys, plurals and placeholders in every language: the repository's catalogue guard
  // (apps/miniapp/src/lib/i18n/catalogue.test.ts) checks this catalogue with the app's.
})

describe('miniAppPathOf', () => {
  test('default: the map deep link, path encoded', () => {
    expect(miniAppPathOf('app_staging_worldmap', '/map')).toBe('worldapp://mini-app?app_id=app_staging_worldmap&path=%2Fmap')
  })
})
