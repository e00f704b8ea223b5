// @vitest-environment happy-dom
import { fireEvent, renderHook } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { useEscapeKey } from './useEscapeKey.js'

test('default: Escape anywhere in the document calls the latest handler and is not passed on', () => {
  const first = vi.fn()
  const second = vi.fn()
  const { rerender } = renderHook(({ onEscape }) => useEscapeKey(onEscape), { initialProps: { onEscape: first } })
  rerender({ onEscape: second })
  const notCancelled = fireEvent.keyDown(document.body, { key: 'Escape' })
  expect(notCancelled).toBe(false)
  expect(first).not.toHaveBeenCalled()
  expect(second).toHaveBeenCalledTimes(1)
})

test('behavior: other keys are ignored, and nothing is called after unmount', () => {
  const onEscape = vi.fn()
  const { unmount } = renderHook(() => useEscapeKey(onEscape))
  fireEvent.keyDown(document.body, { key: 'Enter' })
  unmount()
  fireEvent.keyDown(document.body, { key: 'Escape' })
  expect(onEscape).not.toHaveBeenCalled()
})
