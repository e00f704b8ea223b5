import { isValidTimeZone } from '@worldmap/game'
import { expect, test, vi } from 'vitest'
import { getDeviceTimeZone } from './getDeviceTimeZone.js'

test('default: the runtime’s own zone, one the game accepts', () => {
  expect(getDeviceTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  expect(isValidTimeZone(getDeviceTimeZone())).toBe(true)
})

test('error: a runtime that names no zone, or fails, counts in UTC', () => {
  const resolved = Intl.DateTimeFormat().resolvedOptions()
  const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...resolved, timeZone: '' })
  expect(getDeviceTimeZone()).toBe('UTC')
  spy.mockImplementation(() => {
    throw new RangeError('no zone')
  })
  expect(getDeviceTimeZone()).toBe('UTC')
})
