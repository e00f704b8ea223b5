import { BaseError as MiniKitBaseError } from '@worldmap/minikit'
import { describe, expect, expectTypeOf, test } from 'vitest'
import { BaseError, type BaseErrorType, DOCS_BASE_URL, type ErrorType } from './BaseError.js'
import { InvalidTimeError } from './InvalidTimeError.js'
import { InvalidTimeZoneError, type InvalidTimeZoneErrorType } from './InvalidTimeZoneError.js'

describe('BaseError', () => {
  test('default: the short message alone', () => {
    const error = new BaseError('Something failed.')
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({
      name: 'WorldMapError',
      code: 'worldmap_error',
      shortMessage: 'Something failed.',
      version: '@worldmap/game@0.1.0',
      docsPath: undefined,
    })
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

  test('parameters: a docs path adds a Docs line into the repository’s error list, and never a Version line', () => {
    const error = new BaseError('Short.', { details: 'why', docsPath: '#invalidtimeerror' })
    expect(error.message).toBe(`Short.\n\nDetails: why\n\nDocs: ${DOCS_BASE_URL}#invalidtimeerror`)
    expect(error.message).not.toContain('Version:')
    expect(error.docsPath).toBe('#invalidtimeerror')
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

  test('behavior: one family with the SDK’s errors: the same root, so one instanceof and one walk() read both', () => {
    const sdkError = new MiniKitBaseError('The host did not answer.')
    const error = new InvalidTimeZoneError({ cause: sdkError })
    expect(error).toBeInstanceOf(MiniKitBaseError)
    expect(error.walk()).toBe(sdkError)
  })
})

describe('walk', () => {
  // Three deep: a game error, the game error it wraps, the native root cause.
  const root = new RangeError('Invalid time value')
  const middle = new InvalidTimeError({ cause: root })
  const top = new InvalidTimeZoneError({ cause: middle })

  test('default: without a predicate, the deepest error of the chain', () => {
    expect(top.walk()).toBe(root)
    expect(new InvalidTimeError().walk()).toBeInstanceOf(InvalidTimeError)
  })

  test('behavior: with a predicate, the first match starting with the error itself; a type guard narrows it', () => {
    expect(top.walk((error) => error instanceof BaseError)).toBe(top)
    const found = top.walk((error): error is InvalidTimeError => error instanceof InvalidTimeError)
    expect(found).toBe(middle)
    expectTypeOf(found).toEqualTypeOf<InvalidTimeError | null>()
    expect(found?.code).toBe('invalid_time')
    expect(top.walk((error) => error.message === 'no such error')).toBeNull()
  })

  test('behavior: a non-error cause ends the chain', () => {
    const error = new InvalidTimeError({ cause: 'not an error' })
    expect(error.walk()).toBe(error)
  })
})

describe('ErrorType', () => {
  /** What a caller of a game function can get: the game's own errors, or anything else a dependency threw. */
  type LocalDayErrorType = InvalidTimeZoneErrorType | BaseErrorType | ErrorType

  const describeFailure = (error: LocalDayErrorType): string => {
    if (error.name === 'InvalidTimeZoneError') {
      expectTypeOf(error).toEqualTypeOf<InvalidTimeZoneErrorType>()
      return `zone: ${error.code}`
    }
    return error.name
  }

  test('default: a union of error types narrows on name', () => {
    expect(describeFailure(new InvalidTimeZoneError() as InvalidTimeZoneErrorType)).toBe('zone: invalid_time_zone')
    expect(describeFailure(new BaseError('x') as BaseErrorType)).toBe('WorldMapError')
    expect(describeFailure(new Error('y') as ErrorType)).toBe('Error')
  })
})
