import { spawnWindowOf } from '@worldmap/game'
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

test('behavior: drops are read where the region table puts them; other regions stay on the main instance', () => {
  const region = 'http://127.0.0.1:9177/?ns=demo-worldmap-r1'
  const config = readClientConfig(
    { PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9100', PUBLIC_ENV__DATABASE_REGIONS: `w21=${region}` },
    { hostname: 'localhost', origin: 'http://localhost:3000' },
  )
  const backend = createFirebaseMapBackend(config)
  const window = spawnWindowOf(Date.UTC(2026, 11, 7)).index
  expect(backend.instanceOfCell?.('w21z73', window)).toBe(region)
  expect(backend.instanceOfCell?.('u09tvw', window)).toBe('http://127.0.0.1:9100/?ns=demo-worldmap')
  // No table: everything on main.
  const single = createFirebaseMapBackend(readClientConfig({}, { hostname: 'localhost', origin: 'http://localhost:3000' }))
  expect(single.instanceOfCell?.('w21z73', window)).toBe('http://127.0.0.1:9000/?ns=demo-worldmap')
})

test('behavior: with a switch, a window’s cells are read by that window’s table: the last window before it where it was spawned', () => {
  const main = 'http://127.0.0.1:9100/?ns=demo-worldmap'
  const region = 'http://127.0.0.1:9177/?ns=demo-worldmap-r1'
  const config = readClientConfig(
    {
      PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9100',
      PUBLIC_ENV__DATABASE_SWITCH_DAY: '2026-12-07',
      PUBLIC_ENV__DATABASE_NEXT_REGIONS: `w21=${region}`,
    },
    { hostname: 'localhost', origin: 'http://localhost:3000' },
  )
  const backend = createFirebaseMapBackend(config)
  const first = spawnWindowOf(Date.UTC(2026, 11, 7)).index
  expect(backend.instanceOfCell?.('w21z73', first - 1)).toBe(main)
  expect(backend.instanceOfCell?.('w21z73', first)).toBe(region)
  expect(backend.instanceOfCell?.('u09tvw', first)).toBe(main)
})
