// @vitest-environment happy-dom
import { act, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { ProgressCard } from './ProgressCard.js'

const UID = '0x52908400098527886E0F7030069857D2E4169EE7'
const path = `profiles/${UID}/progress`
// 20:00 in Singapore on June 15.
const NOW = Date.UTC(2025, 5, 15, 12)

function fakeWatch() {
  const listeners = new Map<string, { onValue: (value: unknown) => void; onError: (error: Error) => void }>()
  const watch = vi.fn<WatchValue>((at, onValue, onError) => {
    listeners.set(at, { onValue, onError })
    return () => listeners.delete(at)
  })
  return {
    watch,
    listening: () => listeners.has(path),
    emit: (value: unknown) => act(async () => listeners.get(path)?.onValue(value)),
    fail: (error: Error) => act(async () => listeners.get(path)?.onError(error)),
  }
}

const record = (day: string, today: number, streak: number, best: number, timeZone = 'Asia/Singapore') => ({
  timeZone,
  day,
  today,
  streak,
  best,
  updatedAt: NOW - 3_600_000,
})

function renderCard(now: () => number = () => NOW, timeZone = 'UTC') {
  const database = fakeWatch()
  const view = render(<ProgressCard uid={UID} watch={database.watch} now={now} timeZone={timeZone} />)
  const card = () => screen.getByRole('region', { name: "Today's progress" })
  const ring = () => within(card()).getByRole('progressbar', { name: 'Daily goal' })
  const text = (testId: string) => within(card()).queryByTestId(testId)?.textContent ?? null
  return { ...database, view, card, ring, text }
}

afterEach(() => {
  vi.useRealTimers()
})

test('default: reads the player’s own progress record, busy until it answers', () => {
  const { watch, card, text } = renderCard()
  expect(watch).toHaveBeenCalledWith(path, expect.any(Function), expect.any(Function), { player: UID })
  expect(card().getAttribute('aria-busy')).toBe('true')
  expect(text('progress-goal')).toBe('–')
  expect(text('progress-best')).toBeNull()
})

test('behavior: no progress yet is a fresh start', async () => {
  const { emit, card, ring, text } = renderCard()
  await emit(null)
  expect(card().getAttribute('aria-busy')).toBe('false')
  expect(text('progress-goal')).toBe('0 of 3 finds today')
  expect(card().textContent).toContain('Collect 3 drops today to reach your daily goal.')
  expect(text('progress-streak')).toBe('No streak yet')
  expect(card().textContent).toContain('Find a drop each day to build one.')
  expect(text('progress-best')).toBeNull()
  expect(ring().getAttribute('aria-valuenow')).toBe('0')
  expect(ring().getAttribute('aria-valuetext')).toBe('0 of 3 finds today')
})

test('behavior: part of today’s goal, streak kept today', async () => {
  const { emit, card, ring, text } = renderCard()
  await emit(record('2025-06-15', 2, 4, 6))
  expect(text('progress-goal')).toBe('2 of 3 finds today')
  expect(card().textContent).toContain("1 more to reach today's goal.")
  expect(text('progress-streak')).toBe('4-day streak')
  expect(card().textContent).toContain('Kept today. Come back tomorrow.')
  expect(card().textContent).not.toContain('Find one today to keep it')
  expect(text('progress-best')).toBe('Best: 6 days')
  expect(ring().getAttribute('aria-valuenow')).toBe('2')
  expect(ring().getAttribute('aria-valuemax')).toBe('3')
})

test('behavior: the goal met fills the ring', async () => {
  const { emit, card, ring, text } = renderCard()
  await emit(record('2025-06-15', 4, 1, 3))
  expect(text('progress-goal')).toBe('4 finds today')
  expect(card().textContent).toContain('Daily goal met. Nice work!')
  expect(ring().getAttribute('aria-valuenow')).toBe('3')
  expect(ring().getAttribute('data-complete')).toBe('true')
})

test('behavior: a streak alive from yesterday asks for a find today', async () => {
  const { emit, card, text } = renderCard()
  await emit(record('2025-06-14', 3, 5, 5))
  expect(text('progress-goal')).toBe('0 of 3 finds today')
  expect(text('progress-streak')).toBe('5-day streak')
  expect(within(card()).getByText('Find one today to keep it').className).toBe('progress-nudge')
  expect(text('progress-best')).toBe('Best: 5 days')
})

test('behavior: a missed day says which streak ended and how to start again, with the best one', async () => {
  const { emit, card, text } = renderCard()
  await emit(record('2025-06-12', 3, 5, 7))
  expect(text('progress-goal')).toBe('0 of 3 finds today')
  expect(text('progress-streak')).toBe('Your 5-day streak ended')
  expect(within(card()).getByText('Find 1 drop today to start a new streak').className).toBe('progress-nudge')
  expect(card().querySelector('[data-streak-ended]')?.getAttribute('data-streak-alive')).toBe('false')
  expect(text('progress-best')).toBe('Best: 7 days')
})

test('behavior: the streak ends at midnight of the record’s zone after a whole day without a find', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  let now = Date.UTC(2025, 5, 16, 15, 59, 30) // 23:59:30 on June 16 in Singapore: the 15th's streak still alive
  const { emit, text, card } = renderCard(() => now)
  await emit(record('2025-06-15', 1, 4, 4))
  expect(text('progress-streak')).toBe('4-day streak')
  expect(card().querySelector('[data-streak-ended]')).toBeNull()
  now += 60_000
  await act(async () => vi.advanceTimersByTime(60_000))
  expect(text('progress-streak')).toBe('Your 4-day streak ended')
  expect(card().textContent).toContain('Find 1 drop today to start a new streak')
})

test('behavior: days are counted in the record’s time zone, not the device’s', async () => {
  // 04:00 on June 16 in Singapore, still June 15 in UTC (the device's zone here).
  const { emit, text, card } = renderCard(() => Date.UTC(2025, 5, 15, 20))
  await emit(record('2025-06-15', 2, 3, 3))
  expect(text('progress-goal')).toBe('0 of 3 finds today')
  expect(text('progress-streak')).toBe('3-day streak')
  expect(card().textContent).toContain('Find one today to keep it')
})

test('behavior: a new day while home is open resets today', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  let now = Date.UTC(2025, 5, 15, 15, 59, 30) // 23:59:30 in Singapore
  const { emit, text } = renderCard(() => now)
  await emit(record('2025-06-15', 2, 3, 3))
  expect(text('progress-goal')).toBe('2 of 3 finds today')
  now += 60_000
  await act(async () => vi.advanceTimersByTime(60_000))
  expect(text('progress-goal')).toBe('0 of 3 finds today')
  expect(text('progress-streak')).toBe('3-day streak')
})

test('behavior: coming back to the page reads the clock again', async () => {
  let now = Date.UTC(2025, 5, 15, 12)
  const { emit, text } = renderCard(() => now)
  await emit(record('2025-06-15', 1, 1, 1))
  expect(text('progress-goal')).toBe('1 of 3 finds today')
  now = Date.UTC(2025, 5, 16, 1)
  await act(async () => document.dispatchEvent(new Event('visibilitychange')))
  expect(text('progress-goal')).toBe('0 of 3 finds today')
})

test('error: a malformed record reads as no progress and is logged once', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  const { emit, text } = renderCard()
  await emit(record('2025-06-15', 2, 4, 6))
  expect(text('progress-streak')).toBe('4-day streak')
  await emit({ ...record('2025-06-15', 2, 4, 6), streak: 'many' })
  expect(text('progress-goal')).toBe('0 of 3 finds today')
  expect(text('progress-streak')).toBe('No streak yet')
  await emit({ day: 'yesterday' })
  await emit(42)
  expect(consoleError).toHaveBeenCalledTimes(1)
  expect(consoleError).toHaveBeenCalledWith('Ignoring a malformed progress record', expect.anything())
  await emit(record('2025-06-15', 1, 2, 6))
  expect(text('progress-streak')).toBe('2-day streak')
})

test('error: a progress record that cannot be read says so', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  const { fail, card } = renderCard()
  await fail(new Error('permission_denied'))
  expect(within(card()).getByRole('alert').textContent).toBe('Your progress could not be loaded.')
  expect(within(card()).queryByRole('progressbar')).toBeNull()
  expect(consoleError).toHaveBeenCalledWith('Failed to read the progress', expect.any(Error))
})

test('behavior: unmounting stops listening', () => {
  const { listening, view } = renderCard()
  expect(listening()).toBe(true)
  view.unmount()
  expect(listening()).toBe(false)
})
