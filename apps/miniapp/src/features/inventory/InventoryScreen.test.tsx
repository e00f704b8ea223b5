// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { liveRecords } from '@worldmap/game/contract'
import type { ShareInput, ShareResult } from '@worldmap/minikit'
import { expect, test, vi } from 'vitest'
import { ADDRESS, renderApp, signedInAs } from '../../../test/renderApp.js'
import { formatDate, formatDateTime } from '../../lib/format/formatDate.js'
import { en } from '../../lib/i18n/catalogues/en/index.js'
import { translatorFor } from '../../lib/i18n/index.js'
import { groupInventory } from '../finds/groupInventory.js'
import type { WatchValue } from '../finds/useInventory.js'
import { DETAIL_FINDS_SHOWN } from '../itemDetail/InventoryDetail.js'
import { rarityHint } from '../itemDetail/rarityHint.js'
import type { ShareCardFind } from '../share/createShareCard.js'
import { ShareCardError } from '../share/ShareCardError.js'
import { InventoryScreen } from './InventoryScreen.js'

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

const t = translatorFor({ locale: 'en', messages: en })
const MARINA_BAY = { lat: 1.2834, lng: 103.8607 }
const NEAR_SYDNEY = { lat: -33.7, lng: 151.1 }
const FIRST_GEM = Date.UTC(2025, 2, 1, 9, 30)
const LATEST_GEM = Date.UTC(2025, 2, 2, 18, 5)
const inventory = {
  a: { ...item('gem', 'rare', FIRST_GEM), ...MARINA_BAY },
  b: { ...item('gem', 'rare', LATEST_GEM), ...NEAR_SYDNEY },
  c: item('coin', 'common', Date.UTC(2025, 1, 1)),
  d: item('relic', 'legendary', Date.UTC(2025, 3, 1)),
}

function renderInventory(
  options: { share?: (input: ShareInput) => Promise<ShareResult>; createCard?: (find: ShareCardFind) => Promise<File> } = {},
) {
  const fake = fakeWatch()
  const view = renderApp(<InventoryScreen watch={fake.watch} {...options} />, { auth: signedInAs() })
  return { ...fake, ...view }
}

test('default: groups items by kind and rarity with counts, newest first', () => {
  const items = liveRecords.inventory.read({
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
  expect(liveRecords.inventory.read(null)).toEqual([])
  expect(liveRecords.inventory.read('nope')).toEqual([])
  expect(groupInventory([])).toEqual([])
})

test('default: a header like the other screens: Back to home and the title, while loading, loaded or failed', async () => {
  const { emit, fail } = renderInventory()
  const header = () => screen.getByRole('banner')
  const check = () => {
    expect(within(header()).getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/')
    expect(within(header()).getByRole('heading', { level: 1, name: 'Inventory' })).toBeTruthy()
  }
  check()
  await emit(inventory)
  check()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  await fail(new Error('permission denied'))
  check()
})

test('behavior: the skeleton, then the collection book live from /inventories/{uid}', async () => {
  const { watch, emit, unsubscribe, unmount } = renderInventory()
  expect(watch).toHaveBeenCalledWith(`inventories/${ADDRESS}`, expect.any(Function), expect.any(Function), { player: ADDRESS })
  expect(screen.getByTestId('page-skeleton')).toBeTruthy()

  await emit(inventory)
  expect(screen.getByRole('tab', { name: 'Book' }).getAttribute('aria-selected')).toBe('true')
  const panel = screen.getByRole('tabpanel', { name: 'Book' })
  expect(within(panel).getByRole('progressbar', { name: 'Collection complete' }).getAttribute('aria-valuetext')).toBe(
    '3 of 40 found',
  )
  expect(panel.querySelector('.book-total-count')?.textContent).toBe('3/40')

  // Completion per kind, in the game's order.
  const rows = [...panel.querySelectorAll('.book-row-title')].map((heading) => heading.textContent)
  expect(rows).toEqual([
    'Coins 1/5',
    'Gems 1/5',
    'Shells 0/5',
    'Feathers 0/5',
    'Crystals 0/5',
    'Compasses 0/5',
    'Scrolls 0/5',
    'Relics 1/5',
  ])

  // Found cells in colour with count and first-found date; the rest are silhouettes.
  const cells = within(panel).getAllByRole('button')
  expect(cells).toHaveLength(40)
  const gem = within(panel).getByRole('button', { name: `Rare Gem, 2 found, first on ${formatDate(FIRST_GEM)}` })
  expect(gem.querySelector('svg')?.hasAttribute('data-silhouette')).toBe(false)
  expect(gem.textContent).toBe(`×2${formatDate(FIRST_GEM)}`)
  const missing = within(panel).getByRole('button', { name: 'Epic Gem, not found yet' })
  expect(missing.querySelector('svg')?.getAttribute('data-silhouette')).toBe('true')
  expect(missing.textContent).toBe('')
  expect(panel.querySelectorAll('svg[data-silhouette]')).toHaveLength(37)

  // A new find lands live.
  await emit({ ...inventory, e: item('shell', 'epic', Date.UTC(2025, 4, 1)) })
  expect(within(panel).getByRole('heading', { name: 'Shells 1 of 5 rarities found' })).toBeTruthy()
  expect(panel.querySelector('.book-total-count')?.textContent).toBe('4/40')

  unmount()
  expect(unsubscribe).toHaveBeenCalledTimes(1)
})

test('behavior: with nothing found, the book is all silhouettes and says how to find items', async () => {
  const { emit } = renderInventory()
  await emit(null)
  const panel = screen.getByRole('tabpanel', { name: 'Book' })
  expect(panel.querySelectorAll('svg[data-silhouette]')).toHaveLength(40)
  expect(panel.querySelector('.book-total-count')?.textContent).toBe('0/40')
  expect(within(panel).getByText('Your book is empty — for now.')).toBeTruthy()
  expect(panel.textContent).toContain('walk within 50 m of a drop and tap Collect')
  expect(within(panel).getByRole('link', { name: 'Open the map' }).getAttribute('href')).toBe('/map')

  fireEvent.click(screen.getByRole('tab', { name: 'Finds' }))
  const finds = screen.getByRole('tabpanel', { name: 'Finds' })
  expect(within(finds).getByText('No finds yet.')).toBeTruthy()
  expect(within(finds).getByRole('link', { name: 'Open the map' }).getAttribute('href')).toBe('/map')
})

test('behavior: the Finds tab lists every line newest first; arrow keys move between tabs', async () => {
  const { emit } = renderInventory()
  await emit(inventory)
  const bookTab = screen.getByRole('tab', { name: 'Book' })
  bookTab.focus()
  fireEvent.keyDown(bookTab, { key: 'ArrowRight' })
  const findsTab = screen.getByRole('tab', { name: 'Finds' })
  expect(findsTab.getAttribute('aria-selected')).toBe('true')
  expect(document.activeElement).toBe(findsTab)
  expect(bookTab.tabIndex).toBe(-1)

  const lines = within(screen.getByRole('tabpanel', { name: 'Finds' })).getAllByRole('button')
  expect(lines.map((line) => line.getAttribute('aria-label'))).toEqual([
    'Legendary Relic, 1 collected',
    'Rare Gem, 2 collected',
    'Common Coin, 1 collected',
  ])
  const gem = lines[1] as HTMLElement
  expect(gem.querySelector('.inventory-name')?.textContent).toBe('Gem')
  expect(gem.querySelector('.rarity-chip')?.textContent).toBe('Rare')
  expect(gem.querySelector('.visually-hidden')?.textContent).toBe('2 collected')
  expect(gem.querySelector('time')?.textContent).toBe(formatDateTime(LATEST_GEM))

  fireEvent.keyDown(findsTab, { key: 'ArrowLeft' })
  expect(bookTab.getAttribute('aria-selected')).toBe('true')
  fireEvent.keyDown(bookTab, { key: 'End' })
  expect(findsTab.getAttribute('aria-selected')).toBe('true')
  fireEvent.keyDown(findsTab, { key: 'Home' })
  expect(bookTab.getAttribute('aria-selected')).toBe('true')
})

async function openGem(options: Parameters<typeof renderInventory>[0] = {}) {
  const view = renderInventory(options)
  await view.emit(inventory)
  const cell = screen.getByRole('button', { name: `Rare Gem, 2 found, first on ${formatDate(FIRST_GEM)}` })
  cell.focus()
  fireEvent.click(cell)
  return { ...view, cell, dialog: screen.getByRole('dialog', { name: 'Rare Gem' }) }
}

test('behavior: a found cell’s detail: art, description, count, first find, and when and roughly where, never coordinates', async () => {
  const { dialog } = await openGem()
  expect(document.activeElement).toBe(dialog)
  expect(dialog.getAttribute('aria-modal')).toBe('true')
  expect(dialog.querySelector('svg.drop-art')?.getAttribute('data-kind')).toBe('gem')
  expect(dialog.querySelector('svg.drop-art')?.hasAttribute('data-silhouette')).toBe(false)
  expect(within(dialog).getByText('Rare')).toBeTruthy()
  expect(within(dialog).getByText('2 found')).toBeTruthy()
  expect(within(dialog).getByText(`First found ${formatDate(FIRST_GEM)}`)).toBeTruthy()
  expect(within(dialog).getByText('A cut stone that catches light nobody else noticed.')).toBeTruthy()

  const finds = within(within(dialog).getByRole('list', { name: 'Finds' })).getAllByRole('listitem')
  expect(finds.map((find) => find.querySelector('time')?.getAttribute('dateTime'))).toEqual([
    '2025-03-02T18:05:00.000Z',
    '2025-03-01T09:30:00.000Z',
  ])
  expect(finds[0]?.textContent).toBe(`${formatDateTime(LATEST_GEM)}near Sydney, Australia`)
  expect(finds[1]?.textContent).toBe(`${formatDateTime(FIRST_GEM)}in Singapore`)
  // Never a coordinate: no degrees, no decimals of the stored positions.
  expect(dialog.textContent).not.toMatch(/°|1\.28|103\.86|33\.7|151\.1/)
})

test('behavior: a long history lists the newest finds and says how many there are', async () => {
  const { emit } = renderInventory()
  const many = Object.fromEntries(
    Array.from({ length: 12 }, (_, index) => [`c${index}`, item('coin', 'common', Date.UTC(2025, 0, 1 + index))]),
  )
  await emit(many)
  fireEvent.click(screen.getByRole('button', { name: `Common Coin, 12 found, first on ${formatDate(Date.UTC(2025, 0, 1))}` }))
  const dialog = screen.getByRole('dialog', { name: 'Common Coin' })
  const finds = within(within(dialog).getByRole('list', { name: 'Finds' })).getAllByRole('listitem')
  expect(finds).toHaveLength(DETAIL_FINDS_SHOWN)
  expect(finds[0]?.querySelector('time')?.getAttribute('dateTime')).toBe('2025-01-12T00:00:00.000Z')
  expect(within(dialog).getByText('The 10 most recent of 12 finds.')).toBeTruthy()
})

test('behavior: a missing cell’s detail says not found yet and how to find it', async () => {
  const { emit } = renderInventory()
  await emit(inventory)
  fireEvent.click(screen.getByRole('button', { name: 'Epic Compass, not found yet' }))
  const dialog = screen.getByRole('dialog', { name: 'Epic Compass' })
  expect(dialog.querySelector('svg.drop-art')?.getAttribute('data-silhouette')).toBe('true')
  expect(within(dialog).getByText('Not found yet')).toBeTruthy()
  // The card's own object, a hint of what to look for.
  expect(within(dialog).getByText('Hunter compass')).toBeTruthy()
  expect(dialog.textContent).toContain(rarityHint(t, 'epic'))
  expect(rarityHint(t, 'epic')).toMatch(/^About 1 in \d+ drops is epic\.$/)
  expect(dialog.textContent).toContain('walk within 50 m of a drop on the map and tap Collect')
  expect(within(dialog).getByRole('link', { name: 'Open the map' }).getAttribute('href')).toBe('/map')
  expect(within(dialog).queryByRole('button', { name: 'Share' })).toBeNull()
  expect(within(dialog).queryByRole('list', { name: 'Finds' })).toBeNull()

  // Found meanwhile: the open detail fills in.
  await emit({ ...inventory, e: item('compass', 'epic', Date.UTC(2025, 4, 1)) })
  expect(within(dialog).getByText('1 found')).toBeTruthy()
})

test('behavior: Close, Escape and the backdrop dismiss the detail, and focus goes back to the cell', async () => {
  const { dialog, cell } = await openGem()
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(document.activeElement).toBe(cell)

  fireEvent.click(cell)
  fireEvent.keyDown(screen.getByRole('dialog', { name: 'Rare Gem' }), { key: 'Escape' })
  expect(screen.queryByRole('dialog')).toBeNull()

  fireEvent.click(cell)
  fireEvent.click(document.querySelector('.inventory-detail-backdrop') as Element)
  expect(screen.queryByRole('dialog')).toBeNull()
})

const shareOk = (): ShareResult => ({ status: 'success', shared_files_count: 1, version: 1 })
const card = new File(['png'], 'worldmap-gem.png', { type: 'image/png' })

function objectUrls() {
  const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview')
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  return { create, revoke }
}

test('behavior: Share first previews the card, then shares that file', async () => {
  const urls = objectUrls()
  let finish: (result: ShareResult) => void = () => {}
  const share = vi.fn((_input: ShareInput) => new Promise<ShareResult>((resolve) => (finish = resolve)))
  const createCard = vi.fn(async (_find: ShareCardFind) => card)
  const { dialog } = await openGem({ share, createCard })

  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  const preview = await within(dialog).findByRole('img', { name: 'Share picture: Rare Gem, ×2' })
  expect(createCard).toHaveBeenCalledWith({
    kind: 'gem',
    rarity: 'rare',
    count: 2,
    foundAt: LATEST_GEM,
    words: {
      name: 'Rare Gem',
      description: 'A cut stone that catches light nobody else noticed.',
      date: formatDate(LATEST_GEM),
      // The player's one name, as home and the leaderboard show it.
      finder: 'Found by alice',
    },
  })
  expect(urls.create).toHaveBeenCalledWith(card)
  expect(preview.getAttribute('src')).toBe('blob:preview')
  // Nothing sent until the player confirms.
  expect(share).not.toHaveBeenCalled()
  const confirm = within(dialog).getByRole('button', { name: 'Share' }) as HTMLButtonElement
  expect(document.activeElement).toBe(confirm)

  fireEvent.click(confirm)
  expect(share).toHaveBeenCalledTimes(1)
  expect(share.mock.calls[0]?.[0]).toEqual({ files: [card], title: 'WorldMap', text: 'I have found 2 × Rare Gem on WorldMap!' })
  expect(confirm.disabled).toBe(true)
  expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)

  await act(async () => finish(shareOk()))
  expect(within(dialog).getByRole('status').textContent).toBe('Shared.')
  expect(within(dialog).queryByRole('img', { name: /Share picture/ })).toBeNull()
  expect(urls.revoke).toHaveBeenCalledWith('blob:preview')
  await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Share' })))
})

test('behavior: Cancel (or Escape) in the preview closes it without sharing', async () => {
  const urls = objectUrls()
  const share = vi.fn(async () => shareOk())
  const { dialog } = await openGem({ share, createCard: async () => card })

  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  await within(dialog).findByRole('img', { name: /Share picture/ })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(within(dialog).queryByRole('img', { name: /Share picture/ })).toBeNull()
  expect(urls.revoke).toHaveBeenCalledWith('blob:preview')
  expect(within(dialog).getByText('2 found')).toBeTruthy()

  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  await within(dialog).findByRole('img', { name: /Share picture/ })
  fireEvent.keyDown(dialog, { key: 'Escape' })
  // Escape leaves the preview, not the detail.
  expect(screen.getByRole('dialog', { name: 'Rare Gem' })).toBe(dialog)
  expect(within(dialog).queryByRole('img', { name: /Share picture/ })).toBeNull()
  expect(share).not.toHaveBeenCalled()
})

test('behavior: closing the detail during the preview revokes the preview’s URL', async () => {
  const urls = objectUrls()
  const { dialog } = await openGem({ share: vi.fn(async () => shareOk()), createCard: async () => card })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  await within(dialog).findByRole('img', { name: /Share picture/ })
  expect(urls.revoke).not.toHaveBeenCalled()
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
  expect(urls.revoke).toHaveBeenCalledWith('blob:preview')
})

test('error: failures are explained in plain words, without codes', async () => {
  objectUrls()
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  const createCard = vi.fn(async (): Promise<File> => Promise.reject(new ShareCardError('canvas_unavailable')))
  const share = vi.fn(async (): Promise<ShareResult> => ({ status: 'error', error_code: 'generic_error', version: 1 }))
  const { dialog } = await openGem({ share, createCard })

  // The card cannot be drawn: no preview, no share.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  expect((await within(dialog).findByRole('alert')).textContent).toBe('This device cannot draw the share picture.')
  expect(share).not.toHaveBeenCalled()

  // The host answers with an error.
  createCard.mockResolvedValue(card)
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  await within(dialog).findByRole('img', { name: /Share picture/ })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  expect((await within(dialog).findByRole('alert')).textContent).toBe('Sharing did not work. Please try again.')

  // The player closes the host's share sheet.
  share.mockResolvedValueOnce({ status: 'error', error_code: 'user_rejected', version: 1 })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  await within(dialog).findByRole('img', { name: /Share picture/ })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  expect((await within(dialog).findByRole('status')).textContent).toBe('Sharing cancelled.')
  expect(within(dialog).queryByRole('alert')).toBeNull()

  // Outside World App.
  const { CommandUnavailableError } = await import('@worldmap/minikit')
  share.mockRejectedValueOnce(new CommandUnavailableError('share'))
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  await within(dialog).findByRole('img', { name: /Share picture/ })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
  expect((await within(dialog).findByRole('alert')).textContent).toBe(
    'Sharing works inside World App. Open WorldMap there to share your finds.',
  )
  expect(dialog.textContent).not.toMatch(/_error|generic|unavailable\./)
  expect(consoleError).toHaveBeenCalled()
})

test('error: a failed read is logged and explained', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  const { fail } = renderInventory()
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

/** Every rarity of a kind, the last one found `lastAt`. */
function completeSet(kind: string, lastAt: number) {
  return Object.fromEntries(
    (['common', 'uncommon', 'rare', 'epic', 'legendary'] as const).map((rarity, index) => [
      `${kind}-${rarity}`,
      item(kind, rarity, rarity === 'legendary' ? lastAt : lastAt - 60_000 * (index + 1)),
    ]),
  )
}

test('behavior: a complete set earns its seal — on the shelf, on its row, and a "Set complete!" moment once', async () => {
  localStorage.clear()
  const now = Date.now()
  const { emit, unmount } = renderInventory()
  await emit({ ...inventory, ...completeSet('coin', now - 1000) })
  const panel = screen.getByRole('tabpanel', { name: 'Book' })

  // The shelf: the coin seal earned, the other seven still to win.
  const shelf = within(panel).getByRole('region', { name: 'Set seals' })
  expect(shelf.textContent).toContain('1 of 8 earned')
  expect(within(shelf).getByRole('img', { name: 'Coin Seal: earned' }).getAttribute('data-earned')).toBe('true')
  expect(
    within(shelf).getByRole('img', { name: 'Gem Seal: find all five rarities to earn it' }).getAttribute('data-earned'),
  ).toBe('false')
  // The row: 5/5, "Set complete" and its gold seal; an incomplete row has a grey one and no words.
  const coins = within(panel).getByRole('region', { name: 'Coins 5 of 5 rarities found' })
  expect(coins.getAttribute('data-complete')).toBe('true')
  expect(within(coins).getByText('Set complete')).toBeTruthy()
  expect(coins.querySelector('.book-row-seal')?.getAttribute('data-earned')).toBe('true')
  const gems = within(panel).getByRole('region', { name: 'Gems 1 of 5 rarities found' })
  expect(within(gems).queryByText('Set complete')).toBeNull()
  expect(gems.querySelector('.book-row-seal')?.getAttribute('data-earned')).toBe('false')

  // The moment: the seal big, in words, put away with one tap — for good on this device.
  const moment = within(panel).getByRole('region', { name: 'Coin Seal earned' })
  expect(within(moment).getByRole('status').textContent).toContain('Set complete!')
  fireEvent.click(within(moment).getByRole('button', { name: 'Nice!' }))
  expect(within(panel).queryByRole('region', { name: 'Coin Seal earned' })).toBeNull()
  unmount()

  const again = renderInventory()
  await again.emit({ ...inventory, ...completeSet('coin', now - 1000) })
  expect(screen.queryByRole('region', { name: 'Coin Seal earned' })).toBeNull()
  expect(screen.getByRole('region', { name: 'Set seals' }).textContent).toContain('1 of 8 earned')
})

test('behavior: the last rarity landing while the book is open completes the set there and then', async () => {
  localStorage.clear()
  const now = Date.now()
  const { emit } = renderInventory()
  const { 'relic-legendary': _last, ...fourRelics } = completeSet('relic', now)
  await emit(fourRelics)
  expect(screen.queryByText('Set complete!')).toBeNull()
  expect(screen.getByRole('region', { name: 'Set seals' }).textContent).toContain('0 of 8 earned')
  await emit(completeSet('relic', now))
  expect(screen.getByRole('region', { name: 'Relic Seal earned' })).toBeTruthy()
  expect(screen.getByRole('region', { name: 'Set seals' }).textContent).toContain('1 of 8 earned')
})

test('behavior: the share card of a kind whose set is complete carries the seal; others do not', async () => {
  localStorage.clear()
  objectUrls()
  const createCard = vi.fn(async (_find: ShareCardFind) => card)
  const { emit } = renderInventory({ createCard })
  await emit({ ...inventory, ...completeSet('gem', Date.now() - 1000) })
  fireEvent.click(screen.getByRole('button', { name: 'Nice!' }))
  fireEvent.click(screen.getByRole('button', { name: /^Epic Gem, 1 found/ }))
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Epic Gem' })).getByRole('button', { name: 'Share' }))
  await waitFor(() => expect(createCard).toHaveBeenCalledTimes(1))
  expect(createCard.mock.calls[0]?.[0].seal).toBe('Gem Seal · Set complete')

  fireEvent.click(screen.getByRole('button', { name: 'Close' }))
  fireEvent.click(screen.getByRole('button', { name: /^Legendary Relic, 1 found/ }))
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Legendary Relic' })).getByRole('button', { name: 'Share' }))
  await waitFor(() => expect(createCard).toHaveBeenCalledTimes(2))
  expect(createCard.mock.calls[1]?.[0].seal).toBeUndefined()
})
