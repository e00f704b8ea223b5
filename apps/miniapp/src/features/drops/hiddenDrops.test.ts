import { afterEach, expect, test } from 'vitest'
import { forgetHiddenDrops, hiddenDropsOf } from './hiddenDrops.js'

afterEach(forgetHiddenDrops)

test('default: one memory per player for the page session', () => {
  hiddenDropsOf('alice').add('w21z73t-3')
  expect(hiddenDropsOf('alice').has('w21z73t-3')).toBe(true)
  expect(hiddenDropsOf('bob').has('w21z73t-3')).toBe(false)
})

test('behavior: without a player, a fresh memory each time (nothing shared)', () => {
  hiddenDropsOf(null).add('w21z73t-3')
  expect(hiddenDropsOf(null).size).toBe(0)
})

test('behavior: forgetting clears every player', () => {
  hiddenDropsOf('alice').add('w21z73t-3')
  forgetHiddenDrops()
  expect(hiddenDropsOf('alice').size).toBe(0)
})
