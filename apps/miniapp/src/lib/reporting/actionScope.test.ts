import { describe, expect, test } from 'vitest'
import { currentActionId, withActionId } from './actionScope.js'

describe('withActionId', () => {
  test('default: the id is current for the synchronous part of the work only', async () => {
    const seen: (string | undefined)[] = []
    const done = withActionId('a', async () => {
      seen.push(currentActionId())
      await Promise.resolve()
      seen.push(currentActionId())
    })
    seen.push(currentActionId())
    await done
    expect(seen).toEqual(['a', undefined, undefined])
  })

  test('behavior: nested actions restore the outer one, also when the work throws', () => {
    withActionId('outer', () => {
      expect(() =>
        withActionId('inner', () => {
          expect(currentActionId()).toBe('inner')
          throw new Error('boom')
        }),
      ).toThrow('boom')
      expect(currentActionId()).toBe('outer')
    })
    expect(currentActionId()).toBeUndefined()
  })
})
