// @vitest-environment node
import { expect, test } from 'vitest'
import { TargetUnreachableError } from '../node/errors/TargetUnreachableError.js'
import { InvalidFlagsError } from './errors/InvalidFlagsError.js'
import { formatCliError } from './formatCliError.js'

test('default: a typed error prints its short message and lines, no stack', () => {
  expect(formatCliError(new InvalidFlagsError(['--os: must be ios or android']))).toMatchInlineSnapshot(`
    "worldmap-simulator: Invalid command line. Run \`worldmap-simulator --help\` for usage.
      --os: must be ios or android
    "
  `)
})

test('behavior: a foreign cause is summarised in one line', () => {
  const cause = new Error('page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:1/\nCall log:\n  - navigating')
  expect(formatCliError(new TargetUnreachableError('http://127.0.0.1:1/', { cause }))).toMatchInlineSnapshot(`
    "worldmap-simulator: Could not load http://127.0.0.1:1/: is the app's server running?
      For a self-signed https certificate, add --ignore-https-errors.
      Cause: page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:1/
    "
  `)
})

test('behavior: anything else is a bug: print the stack', () => {
  const error = new TypeError('x is undefined')
  expect(formatCliError(error)).toBe(`worldmap-simulator: unexpected error\n${error.stack}\n`)
  expect(formatCliError('boom')).toBe('worldmap-simulator: unexpected error\nboom\n')
})
