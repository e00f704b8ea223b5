import { SPAWN_WINDOW_MS } from '@worldmap/game'
import { expect, test } from 'vitest'
import { createWindowClock } from './createWindowClock.js'

const W = 997_459
const start = W * SPAWN_WINDOW_MS

test('default: the device clock, its window and the window end', () => {
  const clock = createWindowClock(() => start + 1_000)
  expect(clock.now()).toBe(start + 1_000)
  expect(clock.window()).toBe(W)
  expect(clock.endOf(W)).toBe(start + SPAWN_WINDOW_MS)
})

test('behavior: a server already in the next window moves a slow clock to its start', () => {
  let device = start - 90_000
  const clock = createWindowClock(() => device)
  expect(clock.window()).toBe(W - 1)
  clock.adopt(W)
  expect(clock.now()).toBe(start)
  expect(clock.window()).toBe(W)
  // The correction stays as the device clock runs on.
  device += 5_000
  expect(clock.now()).toBe(start + 5_000)
})

test('behavior: a server still in the previous window moves a fast clock to that window’s last millisecond', () => {
  const clock = createWindowClock(() => start + 60_000)
  clock.adopt(W - 1)
  expect(clock.now()).toBe(start - 1)
  expect(clock.window()).toBe(W - 1)
})

test('behavior: the same window changes nothing', () => {
  const clock = createWindowClock(() => start + 60_000)
  clock.adopt(W)
  expect(clock.now()).toBe(start + 60_000)
})
