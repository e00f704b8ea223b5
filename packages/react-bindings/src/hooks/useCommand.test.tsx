import { act, renderHook } from '@testing-library/react'
import { StrictMode } from 'react'
import { expect, test } from 'vitest'
import { useCommand } from './useCommand.js'

test('default: without a name, exposes execute and the state flags', async () => {
  const { result } = renderHook(() => useCommand(async (a: number, b: number) => a + b))
  expect(result.current).toMatchObject({ status: 'idle', isIdle: true, isPending: false, isSuccess: false, isError: false })
  expect(Object.keys(result.current).sort()).toEqual(
    ['data', 'error', 'execute', 'isError', 'isIdle', 'isPending', 'isSuccess', 'reset', 'status'].sort(),
  )
  await act(async () => {
    await expect(result.current.execute(1, 2)).resolves.toBe(3)
  })
  expect(result.current).toMatchObject({ status: 'success', data: 3, isSuccess: true })
  act(() => result.current.reset())
  expect(result.current).toMatchObject({ status: 'idle', data: undefined })
})

test('parameters: name adds the command under that key, the same function as execute', () => {
  const { result } = renderHook(() => useCommand(async () => 'ok', 'greet'))
  expect(result.current.greet).toBe(result.current.execute)
})

test('behavior: the functions are stable and always call the latest command', async () => {
  const { result, rerender } = renderHook(({ factor }) => useCommand(async (n: number) => n * factor), {
    initialProps: { factor: 2 },
  })
  const { execute, reset } = result.current
  rerender({ factor: 10 })
  expect(result.current.execute).toBe(execute)
  expect(result.current.reset).toBe(reset)
  await act(async () => {
    await expect(result.current.execute(3)).resolves.toBe(30)
  })
})

test('behavior: the value is memoised while nothing changes', () => {
  const { result, rerender } = renderHook(() => useCommand(async () => 1, 'one'), { wrapper: StrictMode })
  const before = result.current
  rerender()
  expect(result.current).toBe(before)
})

test('error: a rejection sets error and isError', async () => {
  const failure = new Error('rejected')
  const { result } = renderHook(() =>
    useCommand(async () => {
      throw failure
    }),
  )
  await act(async () => {
    await expect(result.current.execute()).rejects.toBe(failure)
  })
  expect(result.current).toMatchObject({ status: 'error', isError: true, error: failure, data: undefined })
})
