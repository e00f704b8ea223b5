import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createFakeHost, type FakeHost } from '../../test/fakeHost.js'
import { type Fresh, loadFresh } from '../../test/loadFresh.js'

let lib: Fresh['lib']
let host: FakeHost | undefined

beforeEach(async () => {
  ;({ lib } = await loadFresh())
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(() => {
  host?.uninstall()
  host = undefined
})

const wrapper = ({ children }: { children: ReactNode }) => <lib.MiniKitProvider>{children}</lib.MiniKitProvider>

test('default: the insets World App reports', async () => {
  host = createFakeHost({ insets: { top: 59, right: 0, bottom: 34, left: 0 } })
  const { result } = renderHook(() => lib.useSafeAreaInsets(), { wrapper })
  await waitFor(() => expect(result.current).toEqual({ top: 59, right: 0, bottom: 34, left: 0 }))
})

test('behavior: zeros outside World App, the same object on every render', () => {
  const { result, rerender } = renderHook(() => lib.useSafeAreaInsets(), { wrapper })
  const first = result.current
  expect(first).toEqual({ top: 0, right: 0, bottom: 0, left: 0 })
  rerender()
  expect(result.current).toBe(first)
})

test('behavior: zeros when the host omits safe_area_insets', async () => {
  host = createFakeHost()
  delete (window as unknown as { WorldApp: { safe_area_insets?: unknown } }).WorldApp.safe_area_insets
  const { result } = renderHook(() => ({ insets: lib.useSafeAreaInsets(), kit: lib.useMiniKit() }), { wrapper })
  await waitFor(() => expect(result.current.kit.isInstalled).toBe(true))
  expect(result.current.insets).toEqual({ top: 0, right: 0, bottom: 0, left: 0 })
})
