import { describe, expect, test } from 'vitest'
import { withActionId } from './actionScope.js'
import { rawReportOf } from './startReporter.js'

const event = (type: string, fields: object) => Object.assign(new Event(type), fields)

describe('rawReportOf', () => {
  test('default: an uncaught error, its error object (or its message when there is none)', () => {
    const error = new TypeError('x')
    expect(rawReportOf(event('error', { error, message: 'Uncaught TypeError: x' }))).toEqual({
      kind: 'error',
      source: 'error',
      error,
    })
    expect(rawReportOf(event('error', { error: null, message: 'Script error.' }))).toEqual({
      kind: 'error',
      source: 'error',
      error: 'Script error.',
    })
  })

  test('behavior: an unhandled rejection inside a player action carries its id', () => {
    const reason = new Error('no')
    const raw = withActionId('4bf92f3577b34da6a3ce929d0e0e4736', () => rawReportOf(event('unhandledrejection', { reason })))
    expect(raw).toEqual({
      kind: 'error',
      source: 'unhandledrejection',
      error: reason,
      actionId: '4bf92f3577b34da6a3ce929d0e0e4736',
    })
  })

  test('behavior: a CSP violation', () => {
    const violation = event('securitypolicyviolation', {
      effectiveDirective: 'img-src',
      blockedURI: 'https://x.test/a.png',
      sourceFile: 'https://worldmap.app/assets/a.js',
      disposition: 'enforce',
    })
    expect(rawReportOf(violation)).toEqual({
      kind: 'csp',
      directive: 'img-src',
      blocked: 'https://x.test/a.png',
      sourceFile: 'https://worldmap.app/assets/a.js',
      disposition: 'enforce',
    })
  })
})
