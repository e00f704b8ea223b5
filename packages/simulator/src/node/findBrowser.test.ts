// @vitest-environment node
import { expect, test } from 'vitest'
import { BrowserNotFoundError } from './errors/BrowserNotFoundError.js'
import { findBrowser } from './findBrowser.js'

const only =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path)

test("default: Debian's /usr/bin/chromium", () => {
  expect(findBrowser({ env: { PATH: '/bin' }, exists: only('/usr/bin/chromium', '/bin/chromium') })).toBe('/usr/bin/chromium')
})

test('behavior: --browser, then $CHROME_PATH, then /usr/bin/chromium, then the PATH', () => {
  const all = only('/opt/a', '/opt/chrome', '/usr/bin/chromium', '/snap/bin/chromium')
  expect(findBrowser({ browser: '/opt/a', env: { CHROME_PATH: '/opt/chrome' }, exists: all })).toBe('/opt/a')
  expect(findBrowser({ env: { CHROME_PATH: '/opt/chrome' }, exists: all })).toBe('/opt/chrome')
  expect(findBrowser({ env: { PATH: '/usr/local/bin:/snap/bin' }, exists: only('/snap/bin/chromium') })).toBe(
    '/snap/bin/chromium',
  )
  expect(findBrowser({ env: { PATH: '/usr/local/bin' }, exists: only('/usr/local/bin/google-chrome') })).toBe(
    '/usr/local/bin/google-chrome',
  )
})

test('error: an explicit --browser that does not exist is not silently replaced', () => {
  expect(() => findBrowser({ browser: '/opt/missing', exists: only('/usr/bin/chromium') })).toThrowErrorMatchingInlineSnapshot(`
    [BrowserNotFoundError: No Chromium found: install Chromium or Chrome, or pass --browser <path> (or set CHROME_PATH).

    Tried: --browser /opt/missing

    Version: @worldmap/minikit@0.1.0]
  `)
})

test('error: nothing found says where it looked', () => {
  let error: unknown
  try {
    findBrowser({ env: { PATH: '/bin' }, exists: () => false })
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(BrowserNotFoundError)
  expect((error as BrowserNotFoundError).code).toBe('cli_browser_not_found')
  expect((error as BrowserNotFoundError).tried).toEqual([
    '$CHROME_PATH (not set)',
    '/usr/bin/chromium',
    'chromium, chromium-browser, google-chrome, google-chrome-stable on the PATH',
  ])
})
