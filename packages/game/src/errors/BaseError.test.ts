import { describe, expect, test } from 'vitest'
import { BaseError } from './BaseError.js'
import { InvalidTimeError } from './InvalidTimeError.js'

describe('BaseError', () => {
  test('default: the short message alone', () => {
    const error = new BaseError('Something failed.')
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'WorldMapError', code: 'worldmap_error', shortMessage: 'Something failed.' })
    expect(error.message).toBe('Something failed.')
    expect('cause' in error).toBe(false)
  })

  test('parameters: meta messages, then details; a list or several lines start on their own line', () => {
    expect(new BaseError('Short.', { metaMessages: ['Path: a/b'], details: 'why' }).message).toBe(
      'Short.\n\nPath: a/b\n\nDetails: why',
    )
    expect(new BaseError('Short.', { details: '- A is not set' }).message).toBe('Short.\n\nDetails:\n- A is not set')
    expect(new BaseError('Short.', { details: 'one\ntwo' }).message).toBe('Short.\n\nDetails:\none\ntwo')
  })

  test('parameters: cause is kept as the native cause', () => {
    const cause = new Error('root')
    expect(new BaseError('Short.', { cause }).cause).toBe(cause)
  })

  test('behavior: subclasses set their own stable name and code', () => {
    const error = new InvalidTimeError()
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({ name: 'InvalidTimeError', code: 'invalid_time' })
  })
})
