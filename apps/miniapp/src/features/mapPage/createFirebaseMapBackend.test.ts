import { afterEach, expect, test, vi } from 'vitest'
import { readClientConfig } from '../../lib/config/readClientConfig.js'
import { createFirebaseMapBackend, deviceTimeZone } from './createFirebaseMapBackend.js'

afterEach(() => {
  vi.restoreAllMocks()
})

test("default: the device's IANA time zone", () => {
  expect(deviceTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  expect(deviceTimeZone()).toMatch(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/)
})

test('error: a platform without a time zone, or whose Intl throws, gives undefined', () => {
  const resolvedOptions = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
  resolvedOptions.mockReturnValue({ timeZone: '' } as Intl.ResolvedDateTimeFormatOptions)
  expect(deviceTimeZone()).toBeUndefined()
  resolvedOptions.mockImplementation(() => {
    throw new RangeError('no time zone data')
  })
  expect(deviceTimeZone()).toBeUndefined()
})

test('behavior: the backend tells the data source the time and the time zone (nothing loads until a call)', () => {
  const backend = createFirebaseMapBackend(readClientConfig({}, { hostname: 'localhost', origin: 'http://localhost:3000' }))
  expect(backend.timeZone()).toBe(deviceTimeZone())
  const before = Date.now()
  expect(backend.now()).toBeGreaterThanOrEqual(before)
})
