import { describe, expect, test } from 'vitest'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { encodeAction } from './encodeAction.js'

const shortMessageOf = (run: () => unknown): string | undefined => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPayloadError)
    expect(error).toMatchObject({ command: 'verify' })
    return (error as InvalidPayloadError).shortMessage
  }
  return undefined
}

describe('encodeAction', () => {
  test('default', () => {
    expect(encodeAction('collect-drops')).toBe('collect-drops')
  })

  test('parameters: empty and missing actions become the empty string', () => {
    expect(encodeAction('')).toBe('')
    expect(encodeAction(undefined)).toBe('')
  })

  test('parameters: values are rendered with String()', () => {
    expect(encodeAction({ types: ['bool', 'uint256[]'], values: [true, [1, 2]] })).toBe('bool(true),uint256[](1,2)')
    expect(encodeAction({ types: [], values: [] })).toBe('')
  })

  test('error: a value that cannot be rendered is a typed error', () => {
    expect(shortMessageOf(() => encodeAction({ types: ['uint256'], values: [Object.create(null)] }))).toBeDefined()
  })
})
