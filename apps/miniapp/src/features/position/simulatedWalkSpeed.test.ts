import { expect, test } from 'vitest'
import { simulatedWalkSpeed } from './simulatedWalkSpeed.js'

test('default: about ten seconds to the drop', () => {
  expect(simulatedWalkSpeed(420)).toBe(42)
})

test('behavior: never slower than walking', () => {
  expect(simulatedWalkSpeed(5)).toBe(1.4)
  expect(simulatedWalkSpeed(0)).toBe(1.4)
})

test('behavior: an unknown distance leaves the pace to the simulator', () => {
  expect(simulatedWalkSpeed(null)).toBeUndefined()
})
