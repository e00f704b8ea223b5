// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { useColorScheme } from './useColorScheme.js'

afterEach(() => {
  vi.restoreAllMocks()
})

/** A `matchMedia` whose dark-scheme answer the test flips, telling its listeners as a browser does. */
function fakeDarkMode(dark: boolean) {
  const listeners = new Set<() => void>()
  const state = { dark }
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-color-scheme: dark)' && state.dark
        },
        media: query,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  )
  return {
    listeners,
    set(next: boolean) {
      state.dark = next
      for (const listener of listeners) listener()
    },
  }
}

function Scheme() {
  return <span>{useColorScheme()}</span>
}

describe('useColorScheme', () => {
  test('default: light when the system is light, dark when it is dark', () => {
    fakeDarkMode(false)
    expect(renderHook(() => useColorScheme()).result.current).toBe('light')
    vi.restoreAllMocks()
    fakeDarkMode(true)
    expect(renderHook(() => useColorScheme()).result.current).toBe('dark')
  })

  test('behavior: follows the system live, and stops listening on unmount', () => {
    const media = fakeDarkMode(false)
    const { result, unmount } = renderHook(() => useColorScheme())
    expect(result.current).toBe('light')
    act(() => media.set(true))
    expect(result.current).toBe('dark')
    act(() => media.set(false))
    expect(result.current).toBe('light')
    expect(media.listeners.size).toBe(1)
    unmount()
    expect(media.listeners.size).toBe(0)
  })

  test('behavior: light without matchMedia (an old webview), and on the server', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'matchMedia')
    Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: undefined })
    try {
      const { result, unmount } = renderHook(() => useColorScheme())
      expect(result.current).toBe('light')
      unmount()
    } finally {
      if (original) Object.defineProperty(window, 'matchMedia', original)
      else delete (window as Partial<Window>).matchMedia
    }
    expect(renderToString(<Scheme />)).toBe('<span>light</span>')
  })
})
