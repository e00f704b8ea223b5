// @vitest-environment node
import { expect, test } from 'vitest'
import { InvalidTargetUrlError } from './errors/InvalidTargetUrlError.js'
import { parseTargetUrl } from './parseTargetUrl.js'

test('default: http and https URLs', () => {
  expect(parseTargetUrl('http://localhost:5173/map?x=1').href).toBe('http://localhost:5173/map?x=1')
  expect(parseTargetUrl(new URL('https://app.example.com')).href).toBe('https://app.example.com/')
})

test.each(['localhost:5173', 'file:///tmp/x.html', 'javascript:alert(1)', 'ws://localhost/', '/map', ''])('error: %j', (url) => {
  let error: unknown
  try {
    parseTargetUrl(url)
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(InvalidTargetUrlError)
  expect((error as InvalidTargetUrlError).code).toBe('cli_invalid_target_url')
  expect((error as InvalidTargetUrlError).shortMessage).toBe(
    'The app URL must be an absolute http:// or https:// URL, e.g. http://localhost:5173/.',
  )
  expect((error as InvalidTargetUrlError).url).toBe(url)
})
