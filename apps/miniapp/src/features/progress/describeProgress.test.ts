import type { ProgressView, StreakBreak } from '@worldmap/game'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { en } from '../../lib/i18n/catalogues/en/index.js'
import { es } from '../../lib/i18n/catalogues/es/index.js'
import { id } from '../../lib/i18n/catalogues/id/index.js'
import { ptBR } from '../../lib/i18n/catalogues/pt-BR/index.js'
import { translatorFor } from '../../lib/i18n/index.js'
import { describeProgress as describeIn } from './describeProgress.js'

const t = translatorFor({ locale: 'en', messages: en })
const describeProgress = (input: ProgressView, lost: StreakBreak | null = null) => describeIn(input, lost, t)

const view = (overrides: Partial<ProgressView>): ProgressView => ({
  today: 0,
  goal: 3,
  goalMet: false,
  streak: 0,
  best: 0,
  keptToday: false,
  ...overrides,
})

test('default: a new player', () => {
  expect(describeProgress(view({}))).toEqual({
    goal: '0 of 3 finds today',
    goalHint: 'Collect 3 drops today to reach your daily goal.',
    streak: 'No streak yet',
    streakHint: 'Find a drop each day to build one.',
    best: null,
  })
})

test.each([
  [
    'part of the goal',
    view({ today: 2, streak: 4, best: 6, keptToday: true }),
    '2 of 3 finds today',
    "1 more to reach today's goal.",
  ],
  [
    'the goal met',
    view({ today: 3, goalMet: true, streak: 1, best: 1, keptToday: true }),
    '3 of 3 finds today',
    'Daily goal met. Nice work!',
  ],
  [
    'past the goal',
    view({ today: 5, goalMet: true, streak: 1, best: 1, keptToday: true }),
    '5 finds today',
    'Daily goal met. Nice work!',
  ],
])('parameters: %s', (_, input, goal, goalHint) => {
  expect(describeProgress(input)).toMatchObject({ goal, goalHint })
})

test.each([
  [
    'kept today',
    view({ today: 1, streak: 5, best: 7, keptToday: true }),
    '5-day streak',
    'Kept today. Come back tomorrow.',
    'Best: 7 days',
  ],
  ['alive from yesterday', view({ streak: 5, best: 5 }), '5-day streak', 'Find one today to keep it', 'Best: 5 days'],
  ['broken', view({ best: 7 }), 'No streak right now', 'Find a drop today to start a new one.', 'Best: 7 days'],
  [
    'one day',
    view({ today: 1, streak: 1, best: 1, keptToday: true }),
    '1-day streak',
    'Kept today. Come back tomorrow.',
    'Best: 1 day',
  ],
])('parameters: a streak %s', (_, input, streak, streakHint, best) => {
  expect(describeProgress(input)).toMatchObject({ streak, streakHint, best })
})

test('behavior: any view reads as whole sentences, the nudge only for a streak at risk', () => {
  const views = fc
    .record({
      today: fc.nat(50),
      goal: fc.integer({ min: 1, max: 10 }),
      streak: fc.nat(400),
      extra: fc.nat(400),
      keptToday: fc.boolean(),
    })
    .map(({ today, goal, streak, extra, keptToday }) =>
      view({ today, goal, goalMet: today >= goal, streak, best: streak + extra, keptToday: keptToday && streak > 0 }),
    )
  fc.assert(
    fc.property(views, (input) => {
      const words = describeProgress(input)
      expect(words.goal).toMatch(/^\d+ (of \d+ )?finds? today$/)
      expect(words.goal).toContain(String(input.today))
      expect(words.streak).toMatch(/^(\d+-day streak|No streak yet|No streak right now)$/)
      expect(words.streakHint === 'Find one today to keep it').toBe(input.streak > 0 && !input.keptToday)
      expect(words.best === null).toBe(input.best === 0)
    }),
  )
})

test('behavior: a streak a missed day ended says what was lost and the one find that starts a new one', () => {
  const lost = { streak: 5, lastDay: '2026-11-24', missedDays: 1 }
  expect(describeProgress(view({ best: 7 }), lost)).toMatchObject({
    streak: 'Your 5-day streak ended',
    streakHint: 'Find 1 drop today to start a new streak',
    best: 'Best: 7 days',
  })
  // A streak alive wins over a stale loss (the view decides what is alive).
  expect(describeProgress(view({ streak: 2, best: 7 }), lost).streak).toBe('2-day streak')
})

test.each([
  ['es', es, 'Tu racha de 1 día terminó', 'Tu racha de 5 días terminó', 'Encuentra 1 objeto hoy para empezar una nueva racha'],
  [
    'pt-BR',
    ptBR,
    'Sua sequência de 1 dia acabou',
    'Sua sequência de 5 dias acabou',
    'Encontre 1 item hoje para começar uma nova sequência',
  ],
  ['id', id, 'Runtunan 1 harimu berakhir', 'Runtunan 5 harimu berakhir', 'Temukan 1 item hari ini untuk memulai runtunan baru'],
] as const)('parameters: the missed day in %s, with its plurals', (locale, messages, one, five, restart) => {
  const tIn = translatorFor({ locale, messages })
  const ended = (streak: number) => describeIn(view({ best: 7 }), { streak, lastDay: '2026-11-24', missedDays: 2 }, tIn)
  expect(ended(1)).toMatchObject({ streak: one, streakHint: restart })
  expect(ended(5).streak).toBe(five)
})
