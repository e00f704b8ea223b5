import { BaseError } from '@worldmap/game'
import { describe, expect, test } from 'vitest'
import { CodedError, type CodedErrorOptions } from './CodedError.js'

type ExampleErrorCode = 'offline' | 'refused'
const messages: Record<ExampleErrorCode, string> = { offline: 'You are offline.', refused: 'Not now.' }

class ExampleError extends CodedError<ExampleErrorCode> {
  override name = 'ExampleError'
  constructor(code: ExampleErrorCode, options?: CodedErrorOptions) {
    super(code, messages, options)
  }
}

describe('CodedError', () => {
  test('default: the code picks the sentence; message is the sentence alone; no cause', () => {
    const error = new ExampleError('refused')
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({ name: 'ExampleError', code: 'refused', shortMessage: 'Not now.', message: 'Not now.' })
    expect('cause' in error).toBe(false)
  })

  test('parameters: the cause is kept, and walk() reaches it', () => {
    const cause = new TypeError('Failed to fetch')
    const error = new ExampleError('offline', { cause })
    expect(error.cause).toBe(cause)
    expect(error.walk()).toBe(cause)
  })
})
