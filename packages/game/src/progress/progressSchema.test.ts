import { expect, test } from 'vitest'
import { progressSchema } from './progressSchema.js'

const progress = {
  timeZone: 'Asia/Singapore',
  day: '2026-11-24',
  today: 2,
  streak: 5,
  best: 7,
  updatedAt: 1,
  timeZoneSince: 0,
}

test('default', () => {
  expect(progressSchema.parse(progress)).toEqual(progress)
  const { timeZoneSince: _, ...withoutSince } = progress
  expect(progressSchema.parse(withoutSince)).toEqual(withoutSince)
})

test.each<[string, unknown]>([
  ['a negative count', { ...progress, today: -1 }],
  ['a fractional streak', { ...progress, streak: 1.5 }],
  ['a day in another format', { ...progress, day: '24/11/2026' }],
  ['an empty zone', { ...progress, timeZone: '' }],
  ['a missing best', { ...progress, best: undefined }],
  ['not an object', 'streak: 5'],
])('error: %s', (_name, value) => {
  expect(progressSchema.safeParse(value).success).toBe(false)
})
