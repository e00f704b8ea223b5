// @vitest-environment happy-dom
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { FirstRunHint } from './FirstRunHint.js'
import { getHintStorage, type HintStorage, MAP_HINT_STORAGE_KEY, useFirstRunHint } from './useFirstRunHint.js'

function memoryStorage(): HintStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) }
}

afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
})

describe('useFirstRunHint', () => {
  test('default: shown until dismissed, and dismissal is remembered', () => {
    const storage = memoryStorage()
    const first = renderHook(() => useFirstRunHint(storage))
    expect(first.result.current[0]).toBe(true)
    act(() => first.result.current[1]())
    expect(first.result.current[0]).toBe(false)
    expect(storage.data.get(MAP_HINT_STORAGE_KEY)).toBe('1')
    // The next visit.
    expect(renderHook(() => useFirstRunHint(storage)).result.current[0]).toBe(false)
  })

  test('behavior: storage that throws (private mode) or is missing never breaks the map', () => {
    const broken: HintStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    for (const storage of [broken, null]) {
      const { result } = renderHook(() => useFirstRunHint(storage))
      expect(result.current[0]).toBe(true)
      act(() => result.current[1]())
      // Dismissed for this visit even though nothing could be stored.
      expect(result.current[0]).toBe(false)
    }
  })

  test('behavior: getHintStorage is the page storage, or null when reading it throws', () => {
    expect(getHintStorage()).toBe(window.localStorage)
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(getHintStorage()).toBeNull()
  })
})

test('FirstRunHint: the sentence and a "Got it" button', () => {
  const onDismiss = vi.fn()
  render(<FirstRunHint onDismiss={onDismiss} />)
  const hint = screen.getByRole('complementary', { name: 'How to collect' })
  expect(hint.textContent).toContain('Walk within 50 m of a drop to collect it.')
  fireEvent.click(screen.getByRole('button', { name: 'Got it' }))
  expect(onDismiss).toHaveBeenCalledTimes(1)
})
