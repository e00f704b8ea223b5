// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ShareInput, ShareResult } from '@worldmap/minikit'
import { expect, test, vi } from 'vitest'
import { ADDRESS, renderApp, signedInAs } from '../../../test/renderApp.js'
import { groupInventory } from './groupInventory.js'
import { InventoryScreen } from './InventoryScreen.js'
import { parseInventoryItems } from './parseInventoryItems.js'
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
  const items = parseInventoryItems({
    a: item('gem', 'rare', 10),
    b: item('coin', 'common', 30),
    c: item('gem', 'rare', 20),
    d: item('gem', 'epic', 5),
    broken: { kind: 'gem' },
    unknown: item('banana', 'rare', 99),
    offTheMap: { ...item('gem', 'rare', 40), lat: 91 },
  })
  expect(items.map((entry) => entry.id)).toEqual(['b', 'c', 'a', 'd'])
  expect(items[0]).toEqual({ id: 'b', ...item('coin', 'common', 30) })
  expect(
    groupInventory(items).map(({ items: members, ...group }) => ({ ...group, ids: members.map((entry) => entry.id) })),
  ).toEqual([
    { kind: 'coin', rarity: 'common', count: 1, lastCollectedAt: 30, ids: ['b'] },
    { kind: 'gem', rarity: 'rare', count: 2, lastCollectedAt: 20, ids: ['c', 'a'] },
    { kind: 'gem', rarity: 'epic', count: 1, lastCollectedAt: 5, ids: ['d'] },
  ])
  expect(parseInventoryItems(null)).toEqual([])
  expect(parseInventoryItems('nope')).toEqual([])
  expect(groupInventory([])).toEqual([])
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

const shareOk = (): ShareResult => ({ status: 'success', shared_files_count: 1, version: 1 })
const fakeCard = vi.fn(async (find: { kind: string }) => new File(['png'], `worldmap-${find.kind}.png`, { type: 'image/png' }))

async function openDetail(share: (input: ShareInput) => Promise<ShareResult>) {
  const { watch, emit } = fakeWatch()
  renderApp(<InventoryScreen watch={watch} share={share} createCard={fakeCard} />, { auth: signedInAs() })
  await emit({
    a: { ...item('gem', 'rare', Date.UTC(2025, 2, 1, 9, 30)), lat: 1.2834, lng: 103.8607 },
    b: { ...item('gem', 'rare', Date.UTC(2025, 2, 2, 18, 5)), lat: -33.85681, lng: -151.21533 },
    c: item('coin', 'common', Date.UTC(2025, 1, 1)),
  })
  fireEvent.click(screen.getByRole('button', { name: 'Rare Gem, 2 collected' }))
  return { dialog: screen.getByRole('dialog', { name: 'Gem' }), emit }
}

test('behavior: tapping a line opens its detail: rarity, and where and when each was found, newest first', async () => {
  const { dialog } = await openDetail(vi.fn(async () => shareOk()))
  expect(document.activeElement).toBe(dialog)
  expect(within(dialog).getByText('Rare')).toBeTruthy()
  expect(within(dialog).getByText('2 found')).toBeTruthy()
  const finds = within(within(dialog).getByRole('list', { name: 'Finds' })).getAllByRole('listitem')
  expect(finds.map((find) => find.querySelector('time')?.getAttribute('dateTime'))).toEqual([
    '2025-03-02T18:05:00.000Z',
    '2025-03-01T09:30:00.000Z',
  ])
  expect(finds[0]?.textContent).toContain('at 33.85681° S, 151.21533° W')
  expect(finds[1]?.textContent).toContain('at 1.28340° N, 103.86070° E')
  expect(finds[1]?.textContent).toMatch(/^Found /)
  // No distance: the player may be anywhere by now.
  expect(dialog.textContent).not.toMatch(/ m away|km/)
})

test('behavior: Close and Escape dismiss the detail; it closes when its line goes away', async () => {
  const { dialog, emit } = await openDetail(vi.fn(async () => shareOk()))
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog')).toBeNull()

  fireEvent.click(screen.getByRole('button', { name: 'Common Coin, 1 collected' }))
  const coin = screen.getByRole('dialog', { name: 'Coin' })
  expect(within(coin).getByText('1 found')).toBeTruthy()
  fireEvent.keyDown(coin, { key: 'Escape' })
  expect(screen.queryByRole('dialog')).toBeNull()

  fireEvent.click(screen.getByRole('button', { name: 'Common Coin, 1 collected' }))
  await emit({ a: item('gem', 'rare', 1) })
  expect(screen.queryByRole('dialog')).toBeNull()
})

test('behavior: Share sends the image card and the text, and says it worked', async () => {
  let finish: (result: ShareResult) => void = () => {}
  const share = vi.fn((_input: ShareInput) => new Promise<ShareResult>((resolve) => (finish = resolve)))
  const { dialog } = await openDetail(share)
  const button = within(dialog).getByRole('button', { name: 'Share' }) as HTMLButtonElement
  fireEvent.click(button)
  await waitFor(() => expect(share).toHaveBeenCalledTimes(1))
  expect(button.disabled).toBe(true)
  expect(fakeCard).toHaveBeenLastCalledWith({ kind: 'gem', rarity: 'rare', count: 2, foundAt: Date.UTC(2025, 2, 2, 18, 5) })
  const input = share.mock.calls[0]?.[0]
  expect(input).toMatchObject({ title: 'WorldMap', text: 'I have found 2 × Rare Gem on WorldMap!' })
  expect(input?.files?.map((file) => [file.name, file.type])).toEqual([['worldmap-gem.png', 'image/png']])

  await act(async () => finish(shareOk()))
  expect(within(dialog).getByRole('status').textContent).toBe('Shared.')
  expect(button.disabled).toBe(false)
})

test('error: a share error reply shows its code; cancelling says so', async () => {
  const share = vi.fn(async (): Promise<ShareResult> => ({ status: 'error', error_code: 'generic_error', version: 1 }))
  const { dialog } = await openDetail(share)
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  expect((await within(dialog).findByRole('alert')).textContent).toBe('Sharing failed (generic_error).')

  share.mockResolvedValueOnce({ status: 'error', error_code: 'user_rejected', version: 1 })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  expect((await within(dialog).findByRole('status')).textContent).toBe('Sharing cancelled.')
  expect(within(dialog).queryByRole('alert')).toBeNull()
})

test('error: Share outside World App explains that the command is unavailable', async () => {
  const { CommandUnavailableError } = await import('@worldmap/minikit')
  const share = vi.fn(async (): Promise<ShareResult> => Promise.reject(new CommandUnavailableError('share')))
  const { dialog } = await openDetail(share)
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  expect((await within(dialog).findByRole('alert')).textContent).toBe(
    "Sharing failed: 'share' command is unavailable. Check MiniKit.install() or update the app version",
  )
})
