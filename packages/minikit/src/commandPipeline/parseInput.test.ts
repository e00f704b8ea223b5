import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { anyInput } from '../../test/property.js'
import { BaseError } from '../errors/BaseError.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { fail, parseInput } from './parseInput.js'

const schema = z.object({
  name: z.string("'name' must be a string"),
  age: z.number("'age' must be a number").check(z.minimum(0, "'age' must not be negative")),
})

const thrown = (run: () => unknown): InvalidPayloadError => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPayloadError)
    return error as InvalidPayloadError
  }
  throw new Error('did not throw')
}

describe('parseInput', () => {
  test('default', () => {
    expect(parseInput(schema, { name: 'Ada', age: 36 }, 'pay')).toEqual({ name: 'Ada', age: 36 })
  })

  test('behavior: returns the parsed output (unknown keys stripped), not the input', () => {
    const input = { name: 'Ada', age: 36, extra: true }
    const output = parseInput(schema, input, 'pay')
    expect(output).toEqual({ name: 'Ada', age: 36 })
    expect(output).not.toBe(input)
  })

  test('error: the first issue is the short message, with the command', () => {
    const error = thrown(() => parseInput(schema, { name: 1, age: 3 }, 'sign-message'))
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({
      name: 'InvalidPayloadError',
      code: 'invalid_payload',
      shortMessage: "'name' must be a string",
      command: 'sign-message',
    })
    expect(error.details).toBeUndefined()
    expect(error.message).toBe(
      "'name' must be a string\n\nDocs: packages/minikit/README.md#invalidpayloaderror\nVersion: @worldmap/minikit@0.1.0",
    )
  })

  test('error: several issues are all listed in details', () => {
    const error = thrown(() => parseInput(schema, { name: 1, age: -1 }, 'pay'))
    expect(error.shortMessage).toBe("'name' must be a string")
    expect(error.details).toBe("'name' must be a string; 'age' must not be negative")
    expect(error.message).toBe(
      "'name' must be a string\n\nDetails: 'name' must be a string; 'age' must not be negative\n\nDocs: packages/minikit/README.md#invalidpayloaderror\nVersion: @worldmap/minikit@0.1.0",
    )
  })

  test('error: a parser that fails without issues still throws a typed error', () => {
    const parser = { safeParse: () => ({ success: false as const, error: { issues: [] } }) }
    expect(thrown(() => parseInput(parser, {}, 'verify')).shortMessage).toBe('Invalid input')
  })

  test('error: a schema that throws while parsing still gives a typed error', () => {
    // zod reads `.length` before knowing the value is an array, and compares it.
    const list = z.array(z.string(), "'list' must be an array").check(z.minLength(1, "'list' must not be empty"))
    const error = thrown(() => parseInput(list, { length: Object.create(null) }, 'send-transaction'))
    expect(error).toMatchObject({ shortMessage: 'Invalid input', command: 'send-transaction' })
    expect(error.cause).toBeInstanceOf(TypeError)
  })

  test('error: arbitrary input either parses or throws InvalidPayloadError (property)', () => {
    fc.assert(
      fc.property(anyInput(['name', 'age']), (input) => {
        try {
          parseInput(schema, input, 'pay')
        } catch (error) {
          if (!(error instanceof InvalidPayloadError)) throw error
          expect(error.shortMessage.length).toBeGreaterThan(0)
        }
      }),
      { numRuns: 2000 },
    )
  })
})

describe('fail', () => {
  test('default', () => {
    const error = thrown(() => fail('Reference must be a string', 'pay'))
    expect(error).toMatchObject({ shortMessage: 'Reference must be a string', command: 'pay', details: undefined })
  })

  test('parameters: details', () => {
    const error = thrown(() => fail('Transaction value must be a valid hex string', 'send-transaction', 'Received: 10'))
    expect(error.details).toBe('Received: 10')
    expect(error.message).toBe(
      'Transaction value must be a valid hex string\n\nDetails: Received: 10\n\nDocs: packages/minikit/README.md#invalidpayloaderror\nVersion: @worldmap/minikit@0.1.0',
    )
  })
})
