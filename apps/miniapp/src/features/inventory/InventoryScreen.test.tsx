// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { ADDRESS, renderApp, signedInAs } from '../../../test/renderApp.js'
import { groupInventory } from './groupInventory.js'
import { InventoryScreen } from './InventoryScreen.js'
import type { WatchValue } from './useInventory.js'

const item = (kind: string, rarity: string, collectedAt: number) => ({
  kind,
  rarity,
  dropId: `d-${collectedAt}`,
  lat: 1,
  lng: 2,
  collectedAt,
})

function fakeWatch() {
  let onValue: (value: unknown) => void = () => {}
  let onError: (error: Error) => void = () => {}
  const unsubscribe = vi.fn()
  const watch = vi.fn<WatchValue>((_path, value, error) => {
    onValue = value
    onError = error
    return unsubscribe
  })
  return {
    watch,
    unsubscribe,
    emit: (value: unknown) => act(() => onValue(value)),
    fail: (error: Error) => act(() => onError(error)),
  }
}

test('default: groups items by kind and rarity with counts, newest first', () => {
  expect(
    groupInventory({
      a: item('gem', 'rare', 10),
      b: item('coin', 'common', 30),
      c: item('gem', 'rare', 20),
      d: item('gem', 'epic', 5),
      broken: { kind: 'gem' },
      unknown: item('banana', 'rare', 99),
    }),
  ).toEqual([
    { kind: 'coin', rarity: 'common', count: 1, lastCollectedAt: 30 },
    { kind: 'gem', rarity: 'rare', count: 2, lastCollectedAt: 20 },
    { kind: 'gem', rarity: 'epic', count: 1, lastCollectedAt: 5 },
  ])
  expect(groupInventory(null)).toEqual([])
})

test('behavior: the skeleton, then the live list from /inventories/{uid}', async () => {
  const { watch, emit, unsubscribe } = fakeWatch()
  const { unmount } = renderApp(<InventoryScreen watch={watch} />, { auth: signedInAs() })
  expect(watch).toHaveBeenCalledWith(`inventories/${ADDRESS}`, expect.any(Function), expect.any(Function))
  expect(screen.getByTestId('page-skeleton')).toBeTruthy()

  await emit({ a: item('gem', 'rare', 1_700_000_000_000), b: item('gem', 'rare', 1_700_000_100_000) })
  const row = screen.getByRole('listitem')
  expect(within(row).getByText('Gem')).toBeTruthy()
  expect(within(row).getByText('Rare')).toBeTruthy()
  expect(within(row).getByText('2 collected')).toBeTruthy()
  expect(within(row).getByText('×2')).toBeTruthy()

  unmount()
  expect(unsubscribe).toHaveBeenCalledTimes(1)
})

test('behavior: the empty state explains how to find items', async () => {
  const { watch, emit } = fakeWatch()
  renderApp(<InventoryScreen watch={watch} />, { auth: signedInAs() })
  await emit(null)
  expect(screen.getByText('No items yet.')).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Open the map' }).getAttribute('href')).toBe('/map')
})

test('error: a failed read is logged and explained', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  const { watch, fail } = fakeWatch()
  renderApp(<InventoryScreen watch={watch} />, { auth: signedInAs() })
  await fail(new Error('permission_denied'))
  expect(screen.getByRole('alert').textContent).toContain('could not be loaded')
  expect(consoleError).toHaveBeenCalledWith('Failed to read the inventory', expect.any(Error))
})

test('behavior: nothing when signed out', () => {
  const { watch } = fakeWatch()
  const { container } = renderApp(<InventoryScreen watch={watch} />)
  expect(container.querySelector('.inventory')).toBeNull()
  expect(watch).not.toHaveBeenCalled()
})
