import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ACTION_ID_PATTERN, createActionId, takeActionId } from './actionId.js'

describe('createActionId', () => {
  test('default', () => {
    expect(createActionId()).toMatch(ACTION_ID_PATTERN)
    expect(createActionId()).not.toBe(createActionId())
  })
})

describe('takeActionId', () => {
  const id = '4bf92f3577b34da6a3ce929d0e0e4736'

  test('default', () => {
    expect(takeActionId({ dropId: 'd1', actionId: id })).toEqual({ actionId: id, data: { dropId: 'd1' } })
  })

  test.each([
    ['not an id', { a: 1, actionId: 'DROP TABLE' }, { a: 1 }],
    ['upper case', { actionId: id.toUpperCase() }, {}],
    ['a number', { actionId: 7 }, {}],
  ])('behavior: a value that is %s is dropped with its key', (_, data, rest) => {
    expect(takeActionId(data)).toEqual({ actionId: undefined, data: rest })
  })

  test.each([[null], [undefined], ['text'], [[1, 2]], [{ dropId: 'd1' }]])(
    'behavior: %j without one is left as it is',
    (data) => {
      expect(takeActionId(data)).toEqual({ actionId: undefined, data })
    },
  )

  test('behavior: never throws, and the id it returns is always an action id', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        const { actionId } = takeActionId(data)
        if (actionId !== undefined) expect(actionId).toMatch(ACTION_ID_PATTERN)
      }),
    )
  })
})
