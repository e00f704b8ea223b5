import { expect, test, vi } from 'vitest'
import { getSimulatorGeolocation } from './getSimulatorGeolocation.js'

// Node: no `window` unless a test puts one there, like a server render.

test('default: undefined without a window (a server render)', () => {
  expect(getSimulatorGeolocation()).toBeUndefined()
})

test('behavior: undefined in a page without the simulator (production)', () => {
  vi.stubGlobal('window', {})
  expect(getSimulatorGeolocation()).toBeUndefined()
})

test("behavior: the simulator's geolocation control when it runs in the page", () => {
  const geolocation = { walk: vi.fn(), set: vi.fn(), current: vi.fn() }
  vi.stubGlobal('window', { worldmapSimulator: { geolocation } })
  expect(getSimulatorGeolocation()).toBe(geolocation)
})

test('behavior: a simulator without simulated geolocation, or a look-alike, is not used', () => {
  vi.stubGlobal('window', { worldmapSimulator: { geolocation: undefined } })
  expect(getSimulatorGeolocation()).toBeUndefined()
  vi.stubGlobal('window', { worldmapSimulator: { geolocation: { walk: 'nope', set: vi.fn() } } })
  expect(getSimulatorGeolocation()).toBeUndefined()
})
