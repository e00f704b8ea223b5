// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { useTimedNotice } from './useTimedNotice.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

test('default: no notice, then a set one clears itself after the duration', () => {
  const { result } = renderHook(() => useTimedNotice(4_000))
  expect(result.current[0]).toBeNull()
  act(() => result.current[1]('Gem added to your inventory.'))
  expect(result.current[0]).toBe('Gem added to your inventory.')
  act(() => vi.advanceTimersByTime(3_999))
  expect(result.current[0]).toBe('Gem added to your inventory.')
  act(() => vi.advanceTimersByTime(1))
  expect(result.current[0]).toBeNull()
})

test('behavior: a new notice starts the clock again', () => {
  const { result } = renderHook(() => useTimedNotice(4_000))
  act(() => result.current[1]('First.'))
  act(() => vi.advanceTimersByTime(3_000))
  act(() => result.current[1]('Second.'))
  act(() => vi.advanceTimersByTime(3_000))
  expect(result.current[0]).toBe('Second.')
  act(() => vi.advanceTimersByTime(1_000))
  expect(result.current[0]).toBeNull()
})

test('behavior: null clears it at once', () => {
  const { result } = renderHook(() => useTimedNotice(4_000))
  act(() => result.current[1]('Gone soon.'))
  act(() => result.current[1](null))
  expect(result.current[0]).toBeNull()
})
