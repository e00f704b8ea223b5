// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { VerifyInput, VerifyResult } from '@worldmap/minikit'
import { expect, test, vi } from 'vitest'
import { fakeConnectivity } from '../../../test/fakeConnectivity.js'
import { ADDRESS, alice, renderApp, signedInAs } from '../../../test/renderApp.js'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { LeaderboardSection } from '../leaderboard/LeaderboardSection.js'
import { board, entry } from '../leaderboard/leaderboardFixtures.js'
import type { HumanProof } from '../verification/verifyHuman.js'
import { HomeScreen, type HomeScreenProps } from './HomeScreen.js'
import type { NearestDropsState, watchNearestDrops } from './watchNearestDrops.js'

const NOW = new Date(2025, 5, 15, 18, 0).getTime()
const inventoryPath = `inventories/${ADDRESS}`
const levelPath = `profiles/${ADDRESS}/verifiedLevel`
const progressPath = `profiles/${ADDRESS}/progress`

function fakeWatch() {
  // Several screens may listen to one path at once, as with the database SDK.
  type Listener = { onValue: (value: unknown) => void; onError: (error: Error) => void }
  const listeners = new Map<string, Set<Listener>>()
  const watch = vi.fn<WatchValue>((path, onValue, onError) => {
    const listener = { onValue, onError }
    const set = listeners.get(path) ?? new Set<Listener>()
    listeners.set(path, set.add(listener))
    return () => set.delete(listener)
  })
  const each = (path: string, call: (listener: Listener) => void) => {
    for (const listener of listeners.get(path) ?? []) call(listener)
  }
  return {
    watch,
    emit: (path: string, value: unknown) => act(async () => each(path, (listener) => listener.onValue(value))),
    fail: (path: string, error: Error) => act(async () => each(path, (listener) => listener.onError(error))),
  }
}

/** A nearest-drops watcher the test drives. */
function fakeNearest() {
  let push: (state: NearestDropsState) => void = () => {}
  const stop = vi.fn()
  const watcher = vi.fn(((onChange: (state: NearestDropsState) => void) => {
    push = onChange
    onChange({ status: 'locating' })
    return stop
  }) as typeof watchNearestDrops)
  return { load: vi.fn(async () => watcher), watcher, stop, push: (state: NearestDropsState) => act(async () => push(state)) }
}

const found = (collectedAt: number) => ({ kind: 'gem', rarity: 'rare', dropId: 'd', lat: 1, lng: 2, collectedAt })

function renderHome(overrides: Partial<HomeScreenProps> = {}, user = alice) {
  const database = fakeWatch()
  const nearest = fakeNearest()
  const loadLeaderboard = vi.fn(async () =>
    board({ entries: [entry(1, 'alice', 12, true)], you: { ranked: true, rank: 1, points: 12 } }),
  )
  const view = renderApp(
    <HomeScreen
      watch={database.watch}
      loadNearestDrops={nearest.load}
      loadLeaderboard={loadLeaderboard}
      // Already loaded: its lazy loading is LeaderboardCard's test; here it must not land in a later test.
      loadLeaderboardSection={async () => LeaderboardSection}
      now={() => NOW}
      timeZone="UTC"
      {...overrides}
    />,
    { auth: signedInAs(user) },
  )
  return { ...database, nearest, loadLeaderboard, view }
}

test('default: greets the user by username and links to the map', () => {
  renderHome()
  expect(screen.getByRole('heading', { name: 'alice' })).toBeTruthy()
  expect(screen.getByRole('link', { name: /Open the map/ }).getAttribute('href')).toBe('/map')
})

test('behavior: "Explorer" when there is no username, as on every screen, and no 0x… anywhere on home', async () => {
  const loadLeaderboard = vi.fn(async () =>
    board({ entries: [entry(1, null, 12, true)], you: { ranked: true, rank: 1, points: 12 } }),
  )
  const { view } = renderHome({ loadLeaderboard }, { ...alice, username: null })
  expect(screen.getByRole('heading', { name: 'Explorer' })).toBeTruthy()
  // The player's own leaderboard row uses the same name.
  await waitFor(() => expect(view.container.querySelector('.leaderboard-row')?.textContent).toBe('#1ExplorerYou12 pts'))
  expect(view.container.textContent).not.toMatch(/0x[0-9a-f]/i)
  expect(view.container.innerHTML).not.toContain('9EE7')
})

test("behavior: today's finds and the total, live from the inventory", async () => {
  const { emit } = renderHome()
  const finds = screen.getByRole('region', { name: 'Your finds' })
  expect(finds.getAttribute('aria-busy')).toBe('true')
  expect(within(finds).getAllByText('–')).toHaveLength(2)

  await emit(inventoryPath, {
    a: found(new Date(2025, 5, 15, 9).getTime()),
    b: found(new Date(2025, 5, 14, 23, 59).getTime()),
    c: found(new Date(2025, 4, 1).getTime()),
  })
  const value = (term: string) => within(finds).getByText(term).nextElementSibling?.textContent
  expect(value('Today')).toBe('1')
  expect(value('Total')).toBe('3')
  expect(within(finds).getByRole('link', { name: 'See your inventory' }).getAttribute('href')).toBe('/inventory')

  await emit(inventoryPath, { a: found(new Date(2025, 5, 15, 9).getTime()), d: found(NOW - 1) })
  expect(value('Today')).toBe('2')
  expect(value('Total')).toBe('2')
})

test('error: finds that cannot load say so', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { fail } = renderHome()
  await fail(inventoryPath, new Error('permission_denied'))
  expect(within(screen.getByRole('region', { name: 'Your finds' })).getByRole('alert').textContent).toBe(
    'Your finds could not be loaded.',
  )
})

const verifyCard = () => screen.queryByRole('region', { name: "Verify you're human" })

/** World App's `verify` and the `verifyHuman` callable, as the test scripts them. */
function fakeVerification() {
  const verify = vi.fn(
    async (_input: VerifyInput): Promise<VerifyResult> => ({
      status: 'success',
      proof: 'proof',
      merkle_root: 'root',
      nullifier_hash: 'nullifier',
      verification_level: 'orb',
      version: 1,
    }),
  )
  const callVerifyHuman = vi.fn(async (_proof: HumanProof): Promise<unknown> => ({ verifiedLevel: 'orb' }))
  const haptics = vi.fn(async () => ({}))
  return { verify, callVerifyHuman, haptics, getAction: () => 'verify-human' }
}

test('behavior: the "Verify you\'re human" card shows until the profile has a level', async () => {
  const { emit, watch } = renderHome()
  expect(watch).toHaveBeenCalledWith(levelPath, expect.any(Function), expect.any(Function), { player: ADDRESS })
  // Not while loading: verified players must not see it flash.
  expect(verifyCard()).toBeNull()
  await emit(levelPath, null)
  expect(within(verifyCard() as HTMLElement).getByRole('button', { name: 'Verify' })).toBeTruthy()
  // It verifies here: no trip to the profile.
  expect(within(verifyCard() as HTMLElement).queryByRole('link')).toBeNull()
  await emit(levelPath, 'orb')
  expect(verifyCard()).toBeNull()
})

test('behavior: Verify runs right on home, says so while it runs, then offers the map', async () => {
  const verification = fakeVerification()
  let answer: (value: unknown) => void = () => {}
  verification.callVerifyHuman.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
  const { emit } = renderHome({ verifyHuman: verification })
  await emit(levelPath, null)
  const card = verifyCard() as HTMLElement
  fireEvent.click(within(card).getByRole('button', { name: 'Verify' }))
  const busy = await within(card).findByRole('button', { name: 'Verifying…' })
  expect((busy as HTMLButtonElement).disabled).toBe(true)
  expect(card.getAttribute('aria-busy')).toBe('true')
  expect(verification.verify).toHaveBeenCalledWith({ action: 'verify-human', signal: ADDRESS, verification_level: 'orb' })

  await act(async () => answer({ verifiedLevel: 'orb' }))
  const done = screen.getByRole('region', { name: "You're verified" })
  expect(within(done).getByRole('status').textContent).toBe('You can collect drops now.')
  expect(within(done).getByRole('link', { name: 'Open the map' }).getAttribute('href')).toBe('/map')
  expect(verification.haptics).toHaveBeenCalledWith({ hapticsType: 'notification', style: 'success' })
  // The live level arrives: the way back into the game stays until the player leaves.
  await emit(levelPath, 'orb')
  expect(within(done).getByRole('link', { name: 'Open the map' })).toBeTruthy()
})

test('behavior: sent from a drop on the map, success leads back to that drop', async () => {
  const { emit } = renderHome({ verifyHuman: fakeVerification(), returnTo: '/map?drop=w21z73t_997459_0' })
  await emit(levelPath, null)
  const card = verifyCard() as HTMLElement
  expect(card.textContent).toContain('Verify with World ID to collect your drop.')
  fireEvent.click(within(card).getByRole('button', { name: 'Verify' }))
  const back = await screen.findByRole('link', { name: 'Back to the map' })
  expect(back.getAttribute('href')).toBe('/map?drop=w21z73t_997459_0')
  expect(screen.getByRole('status').textContent).toBe('Your drop is waiting: you can collect it now.')
})

test('error: a failed verify is one plain sentence on home, with Try again', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const verification = fakeVerification()
  verification.verify.mockResolvedValueOnce({ status: 'error', error_code: 'verification_rejected', version: 1 })
  verification.callVerifyHuman.mockRejectedValueOnce(
    Object.assign(new Error('internal text'), { code: 'functions/permission-denied', details: { code: 'proof_rejected' } }),
  )
  const { emit } = renderHome({ verifyHuman: verification })
  await emit(levelPath, null)
  const card = verifyCard() as HTMLElement
  fireEvent.click(within(card).getByRole('button', { name: 'Verify' }))
  expect((await within(card).findByRole('alert')).textContent).toBe('You declined the verification in World App.')
  expect(verification.haptics).toHaveBeenCalledWith({ hapticsType: 'notification', style: 'error' })

  fireEvent.click(within(card).getByRole('button', { name: 'Try again' }))
  await waitFor(() => expect(within(card).getByRole('alert').textContent).toBe('World ID proof was rejected. Try again.'))
  expect(card.textContent).not.toMatch(/internal text|proof_rejected|functions\//)
})

test('behavior: offline, Verify waits and says why; back online it works', async () => {
  const net = fakeConnectivity(false)
  const database = fakeWatch()
  const verification = fakeVerification()
  renderApp(
    net.wrap(
      <HomeScreen
        watch={database.watch}
        loadNearestDrops={fakeNearest().load}
        loadLeaderboard={vi.fn(async () => board())}
        loadLeaderboardSection={async () => LeaderboardSection}
        now={() => NOW}
        timeZone="UTC"
        verifyHuman={verification}
      />,
    ),
    { auth: signedInAs() },
  )
  await database.emit(levelPath, null)
  const card = verifyCard() as HTMLElement
  expect((within(card).getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true)
  expect(card.textContent).toContain("You're offline. This works again once you're back online.")
  net.setOnline(true)
  fireEvent.click(within(card).getByRole('button', { name: 'Verify' }))
  await screen.findByRole('region', { name: "You're verified" })
})

test('error: an unreadable level shows no verify card', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  const { fail } = renderHome()
  await fail(levelPath, new Error('offline'))
  expect(verifyCard()).toBeNull()
  expect(consoleError).toHaveBeenCalledWith('Failed to read the verification level', expect.any(Error))
})

test('behavior: the nearest drops card, from locating to the nearest drops with their distance', async () => {
  const { nearest, view } = renderHome()
  const card = () => screen.getByRole('region', { name: 'Nearest drops' })
  expect(card().textContent).toContain('Finding your location…')
  await waitFor(() => expect(nearest.watcher).toHaveBeenCalledTimes(1))

  await nearest.push({ status: 'loading' })
  expect(card().textContent).toContain('Looking for drops near you…')
  const drop = (id: string, rarity: 'epic' | 'common', kind: 'relic' | 'coin') => ({
    id,
    lat: 1,
    lng: 2,
    kind,
    rarity,
    expiresAt: NOW + 60_000,
  })
  await nearest.push({
    status: 'ready',
    drops: [
      { drop: drop('a', 'epic', 'relic'), distance: 42.4 },
      { drop: drop('b', 'common', 'coin'), distance: 1530 },
    ],
  })
  const links = within(card()).getAllByRole('link')
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['EpicRelic42 m', '/map?drop=a'],
    ['CommonCoin1.5 km', '/map?drop=b'],
  ])

  await nearest.push({ status: 'ready', drops: [] })
  expect(card().textContent).toContain('No drops near you right now.')
  view.unmount()
  expect(nearest.stop).toHaveBeenCalledTimes(1)
})

test('behavior: a nearest drop opens the map on it, its id made safe for the address', async () => {
  const { nearest } = renderHome()
  await waitFor(() => expect(nearest.watcher).toHaveBeenCalledTimes(1))
  const drop = { id: '2916:w21z7:abc/def', lat: 1, lng: 2, kind: 'gem' as const, rarity: 'rare' as const, expiresAt: NOW + 1 }
  await nearest.push({ status: 'ready', drops: [{ drop, distance: 12 }] })
  const link = within(screen.getByRole('region', { name: 'Nearest drops' })).getByRole('link')
  expect(link.getAttribute('href')).toBe('/map?drop=2916%3Aw21z7%3Aabc%2Fdef')
  expect(new URL(link.getAttribute('href') ?? '', 'https://app.test').searchParams.get('drop')).toBe(drop.id)
  expect(link.textContent).not.toMatch(/\d+\.\d{3,}/)
})

test('behavior: without location, or with drops that cannot load, the card says so', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { nearest } = renderHome()
  const card = () => screen.getByRole('region', { name: 'Nearest drops' })
  await waitFor(() => expect(nearest.watcher).toHaveBeenCalledTimes(1))
  await nearest.push({ status: 'no-location', reason: 'denied' })
  expect(card().textContent).toContain('Turn on location to see the drops near you.')
  // Try again starts a new watch, which asks the platform again.
  fireEvent.click(within(card()).getByRole('button', { name: 'Try again' }))
  await waitFor(() => expect(nearest.watcher).toHaveBeenCalledTimes(2))
  expect(nearest.stop).toHaveBeenCalledTimes(1)
  expect(card().textContent).toContain('Finding your location…')
  await nearest.push({ status: 'error' })
  expect(within(card()).getByRole('alert').textContent).toBe('Drops nearby could not load. Check your connection.')
})

test('error: a nearest-drops chunk that fails to load is logged and explained', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  renderHome({ loadNearestDrops: async () => Promise.reject(new Error('chunk')) })
  const card = screen.getByRole('region', { name: 'Nearest drops' })
  expect((await within(card).findByRole('alert')).textContent).toBe('Drops nearby could not load. Check your connection.')
  expect(consoleError).toHaveBeenCalledWith('Failed to load the nearest drops', expect.any(Error))
})

test('behavior: a watcher that loads after unmount is never started', async () => {
  let resolve: (watcher: typeof watchNearestDrops) => void = () => {}
  const nearest = fakeNearest()
  const { view } = renderHome({ loadNearestDrops: () => new Promise((done) => (resolve = done)) })
  view.unmount()
  await act(async () => resolve(nearest.watcher))
  expect(nearest.watcher).not.toHaveBeenCalled()
})

test('behavior: the real watcher module loads lazily', async () => {
  const { loadWatchNearestDrops } = await import('./loadWatchNearestDrops.js')
  const { watchNearestDrops } = await import('./watchNearestDrops.js')
  await expect(loadWatchNearestDrops()).resolves.toBe(watchNearestDrops)
})

test('behavior: today’s progress and the streak, live from the server-kept record', async () => {
  const { emit, watch } = renderHome()
  expect(watch).toHaveBeenCalledWith(progressPath, expect.any(Function), expect.any(Function), { player: ADDRESS })
  const progress = screen.getByRole('region', { name: "Today's progress" })
  await emit(progressPath, { timeZone: 'UTC', day: '2025-06-14', today: 3, streak: 5, best: 8, updatedAt: NOW - 86_400_000 })
  expect(within(progress).getByTestId('progress-goal').textContent).toBe('0 of 3 finds today')
  expect(within(progress).getByTestId('progress-streak').textContent).toBe('5-day streak')
  expect(progress.textContent).toContain('Find one today to keep it')
  expect(within(progress).getByTestId('progress-best').textContent).toBe('Best: 8 days')
})

test('behavior: this week’s leaderboard loads on home, with the player highlighted', async () => {
  const { loadLeaderboard } = renderHome()
  // The placeholder card first, then the lazily loaded section: look the region up each time.
  const leaderboard = () => screen.getByRole('region', { name: 'Leaderboard' })
  const you = await waitFor(() => within(leaderboard()).getByText('alice'))
  expect(you.closest('li')?.getAttribute('aria-current')).toBe('true')
  expect(loadLeaderboard).toHaveBeenCalledTimes(1)
})

test('behavior: verifying on home asks the leaderboard again, so the player joins it without leaving home', async () => {
  const { emit, loadLeaderboard } = renderHome()
  await waitFor(() => within(screen.getByRole('region', { name: 'Leaderboard' })).getByText('alice'))
  await emit(levelPath, null)
  expect(loadLeaderboard).toHaveBeenCalledTimes(1)
  await emit(levelPath, 'orb')
  await waitFor(() => expect(loadLeaderboard).toHaveBeenCalledTimes(2))
})

test('behavior: the cards in the order a returning player needs them', async () => {
  const { emit } = renderHome()
  await emit(levelPath, null)
  const home = document.querySelector('section.home')
  const order = [...(home?.children ?? [])].map(
    (card) => card.getAttribute('aria-label') ?? card.querySelector('h1, h2, strong')?.textContent ?? card.className,
  )
  expect(order).toEqual([
    'alice',
    "Verify you're human",
    "Today's progress",
    'Nearest drops',
    'Open the map',
    'Leaderboard',
    'Your finds',
  ])
})

test('behavior: renders nothing when signed out', () => {
  const database = fakeWatch()
  const { container } = renderApp(<HomeScreen watch={database.watch} />)
  expect(container.querySelector('.home')).toBeNull()
  expect(database.watch).not.toHaveBeenCalled()
})
