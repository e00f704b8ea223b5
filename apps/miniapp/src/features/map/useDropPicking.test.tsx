// @vitest-environment happy-dom

import { act, renderHook } from '@testing-library/react'
import type { MapDrop } from '@worldmap/game'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { GONE_GRACE_MS, type UseDropPickingOptions, useDropPicking } from './useDropPicking.js'

const drop = (id: string): MapDrop =>
  ({ id, kind: 'gem', rarity: 'common', lat: 1.3, lng: 103.8, expiresAt: Date.UTC(2030, 0, 1) }) as MapDrop

function renderPicking(initial: Partial<UseDropPickingOptions>) {
  const setSelected = vi.fn()
  const onGone = vi.fn()
  const props: UseDropPickingOptions = {
    drops: [],
    initialDropId: 'linked',
    setSelected,
    resetCollect: () => {},
    settled: false,
    onGone,
    ...initial,
  }
  const hook = renderHook((options: UseDropPickingOptions) => useDropPicking(options), { initialProps: props })
  return { ...hook, props, setSelected, onGone }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

test('default: a linked drop on the map opens, centred, and is never called gone', () => {
  const { setSelected, onGone, result } = renderPicking({ drops: [drop('linked')], settled: true })
  expect(setSelected).toHaveBeenCalledWith(drop('linked'))
  expect(result.current.cameraFocus).toEqual({ lat: 1.3, lng: 103.8 })
  act(() => vi.advanceTimersByTime(GONE_GRACE_MS * 2))
  expect(onGone).not.toHaveBeenCalled()
})

test('behavior: a linked drop still missing a grace after the map settled is gone, once', () => {
  const { rerender, props, onGone, setSelected } = renderPicking({})
  // Before the first list, nothing is concluded however long it takes.
  act(() => vi.advanceTimersByTime(GONE_GRACE_MS * 3))
  expect(onGone).not.toHaveBeenCalled()
  rerender({ ...props, settled: true, drops: [drop('other')] })
  act(() => vi.advanceTimersByTime(GONE_GRACE_MS - 1))
  expect(onGone).not.toHaveBeenCalled()
  act(() => vi.advanceTimersByTime(1))
  expect(onGone).toHaveBeenCalledTimes(1)
  // Forgotten: arriving later does not open it over the map the player is now looking at.
  rerender({ ...props, settled: true, drops: [drop('other'), drop('linked')] })
  act(() => vi.advanceTimersByTime(GONE_GRACE_MS * 2))
  expect(setSelected).not.toHaveBeenCalled()
  expect(onGone).toHaveBeenCalledTimes(1)
})

test('behavior: a linked drop arriving within the grace (a late cell, a streak reward) opens, not gone', () => {
  const { rerender, props, onGone, setSelected } = renderPicking({})
  rerender({ ...props, settled: true, drops: [drop('other')] })
  act(() => vi.advanceTimersByTime(GONE_GRACE_MS / 2))
  rerender({ ...props, settled: true, drops: [drop('other'), drop('linked')] })
  expect(setSelected).toHaveBeenCalledWith(drop('linked'))
  act(() => vi.advanceTimersByTime(GONE_GRACE_MS * 2))
  expect(onGone).not.toHaveBeenCalled()
})

test('parameters: without a link, nothing is gone', () => {
  const { onGone } = renderPicking({ initialDropId: null, settled: true })
  act(() => vi.advanceTimersByTime(GONE_GRACE_MS * 2))
  expect(onGone).not.toHaveBeenCalled()
})
