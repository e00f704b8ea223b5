// @vitest-environment happy-dom
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import type { LeaderboardReply } from '@worldmap/game/contract'
import { afterEach, expect, test, vi } from 'vitest'
import { fakeConnectivity } from '../../../test/fakeConnectivity.js'
import { id } from '../../lib/i18n/catalogues/id/index.js'
import { I18nProvider } from '../../lib/i18n/index.js'
import { LeaderboardError } from './LeaderboardError.js'
import { LeaderboardSection } from './LeaderboardSection.js'
import { board, entry, FRIDAY, topFifty } from './leaderboardFixtures.js'
import { LEADERBOARD_REFRESH_MS } from './useLeaderboard.js'

/** A loader the test answers call by call. */
function fakeLoad() {
  const calls: { resolve: (reply: LeaderboardReply) => void; reject: (error: unknown) => void }[] = []
  const load = vi.fn(
    () =>
      new Promise<LeaderboardReply>((resolve, reject) => {
        calls.push({ resolve, reject })
      }),
  )
  return {
    load,
    answer: (reply: LeaderboardReply, call = calls.length - 1) => act(async () => calls[call]?.resolve(reply)),
    fail: (error: unknown, call = calls.length - 1) => act(async () => calls[call]?.reject(error)),
  }
}

function renderBoard(shown?: number) {
  const fake = fakeLoad()
  const view = render(<LeaderboardSection load={fake.load} now={() => FRIDAY} {...(shown ? { shown } : {})} />)
  const section = () => screen.getByRole('region', { name: 'Leaderboard' })
  const rows = () =>
    within(section())
      .queryAllByRole('listitem')
      .filter((row) => row.classList.contains('leaderboard-row'))
      .map((row) => row.textContent)
  return { ...fake, view, section, rows }
}

afterEach(() => {
  vi.useRealTimers()
})

test('default: loads on mount, then the week, its reset and the top players', async () => {
  const { load, answer, section, rows } = renderBoard()
  expect(load).toHaveBeenCalledTimes(1)
  expect(section().getAttribute('aria-busy')).toBe('true')
  expect(section().textContent).toContain('Loading the leaderboard…')

  await answer(board())
  expect(section().getAttribute('aria-busy')).toBe('false')
  expect(within(section()).getByText('Week of Nov 23, 2026 · verified humans only')).toBeTruthy()
  expect(within(section()).getByTestId('leaderboard-resets').textContent).toBe('Resets Monday 00:00 UTC · in 2 days')
  expect(within(section()).getByRole('list', { name: 'Top players this week' })).toBeTruthy()
  expect(rows()).toEqual(['#1alice40 pts', '#2bob25 pts', '#2Explorer25 pts', '#4carolYou3 pts'])
})

test('behavior: the player’s own row is highlighted, with no separate row', async () => {
  const { answer, section } = renderBoard()
  await answer(board())
  const you = within(section()).getByText('carol').closest('li')
  expect(you?.getAttribute('aria-current')).toBe('true')
  expect(you?.getAttribute('data-you')).toBe('true')
  expect(within(section()).getByText('alice').closest('li')?.getAttribute('aria-current')).toBeNull()
  expect(within(section()).queryByTestId('leaderboard-you')).toBeNull()
})

test('behavior: avatars are the players’ pictures, or the icon; never a wallet address', async () => {
  const { answer, section } = renderBoard()
  await answer(board())
  const pictures = section().querySelectorAll('img')
  expect([...pictures].map((img) => img.getAttribute('src'))).toEqual([
    'https://example.test/alice.png',
    'https://example.test/bob.png',
    'https://example.test/carol.png',
  ])
  expect(section().textContent).not.toMatch(/0x[0-9a-f]/i)
})

test('error: a name the game refuses (an older server sent it) shows as Explorer, without its picture', async () => {
  const { answer, section, rows } = renderBoard()
  await answer(
    board({
      entries: [
        { ...entry(1, 'alice', 40), username: '\u3164', profilePictureUrl: 'https://example.test/filler.png' },
        { ...entry(2, 'bob', 25), username: 'bob\u202E', profilePictureUrl: 'https://example.test/bidi.png' },
        entry(3, 'carol', 3, true),
      ],
      you: { ranked: true, rank: 3, points: 3 },
    }),
  )
  expect(rows()).toEqual(['#1Explorer40 pts', '#2Explorer25 pts', '#3carolYou3 pts'])
  expect([...section().querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['https://example.test/carol.png'])
})

test('behavior: outside the top 50, the player’s rank on its own row below', async () => {
  const { answer, section, rows } = renderBoard()
  await answer(board({ entries: topFifty(), you: { ranked: true, rank: 213, points: 12 } }))
  expect(rows()).toHaveLength(10)
  expect(within(section()).getByTestId('leaderboard-you').textContent).toBe('You · #213 · 12 pts')
})

test('behavior: Show all lists the whole top 50; the own row follows what is in view', async () => {
  const { answer, section, rows } = renderBoard()
  const entries = topFifty().map((row, i) => (i === 19 ? { ...row, you: true } : row))
  await answer(board({ entries, you: { ranked: true, rank: 20, points: entries[19]?.points ?? 0 } }))
  expect(rows()).toHaveLength(10)
  expect(within(section()).getByTestId('leaderboard-you').textContent).toBe('You · #20 · 405 pts')

  const more = within(section()).getByRole('button', { name: 'Show all 50' })
  expect(more.getAttribute('aria-expanded')).toBe('false')
  fireEvent.click(more)
  expect(rows()).toHaveLength(50)
  expect(within(section()).queryByTestId('leaderboard-you')).toBeNull()
  const fewer = within(section()).getByRole('button', { name: 'Show fewer' })
  expect(fewer.getAttribute('aria-expanded')).toBe('true')
  fireEvent.click(fewer)
  expect(rows()).toHaveLength(10)
})

/** The board for a player whose level is `level`, not on the board this week. */
function renderUnranked(level: 'orb' | 'device' | null | undefined) {
  const fake = fakeLoad()
  const view = render(<LeaderboardSection load={fake.load} now={() => FRIDAY} verifiedLevel={level} />)
  const section = () => screen.getByRole('region', { name: 'Leaderboard' })
  const reply = board({ entries: [entry(1, 'alice', 40)], you: { ranked: false, rank: null, points: 0 } })
  return { ...fake, view, section, reply }
}

test('behavior: a player who is not verified is asked to verify', async () => {
  const { answer, section, reply } = renderUnranked(null)
  await answer(reply)
  const join = within(section()).getByRole('link', { name: /Verify you're human to join the leaderboard/ })
  expect(join.getAttribute('href')).toBe('/profile')
  expect(section().textContent).not.toContain('No points yet')
  expect(within(section()).queryByTestId('leaderboard-you')).toBeNull()
})

test('behavior: an Orb-verified player without points this week reads that the first find puts them on the board', async () => {
  const { answer, section, reply } = renderUnranked('orb')
  await answer(reply)
  expect(section().textContent).toContain('No points yet this week — your first find puts you on the board.')
  expect(section().textContent).not.toContain('Verify')
  expect(within(section()).queryByRole('link')).toBeNull()
  expect(within(section()).queryByTestId('leaderboard-you')).toBeNull()
})

test('behavior: a device-verified player is asked for an Orb, not to verify again', async () => {
  const { answer, section, reply } = renderUnranked('device')
  await answer(reply)
  const join = within(section()).getByRole('link', { name: /Verify with an Orb to join the leaderboard/ })
  expect(join.textContent).toContain("You're verified with your device.")
  expect(section().textContent).not.toContain("Verify you're human")
})

test('behavior: while the level loads, no call to action and no "no points" (never the wrong one)', async () => {
  const { answer, section, reply } = renderUnranked(undefined)
  await answer(reply)
  expect(within(section()).queryByRole('link')).toBeNull()
  expect(section().textContent).not.toContain('No points yet')
})

test('behavior: the states switch in place — unverified, verified (board fetched again), then ranked', async () => {
  fakeTimers()
  const { answer, section, reply, view, load } = renderUnranked(null)
  await answer(reply)
  expect(within(section()).getByRole('link', { name: /Verify you're human/ })).toBeTruthy()
  view.rerender(<LeaderboardSection load={load} now={() => FRIDAY} verifiedLevel="orb" />)
  expect(load).toHaveBeenCalledTimes(2)
  await answer(reply)
  expect(within(section()).queryByRole('link')).toBeNull()
  expect(section().textContent).toContain('No points yet this week')
  // The first find, then the board's next refresh: on the board, with a rank; the "no points" line is gone.
  await act(async () => vi.advanceTimersByTime(LEADERBOARD_REFRESH_MS))
  expect(load).toHaveBeenCalledTimes(3)
  const ranked = board({
    entries: [entry(1, 'alice', 40), entry(2, 'carol', 5, true)],
    you: { ranked: true, rank: 2, points: 5 },
  })
  await answer(ranked)
  expect(section().textContent).not.toContain('No points yet')
  expect(within(section()).getByText('carol').closest('li')?.getAttribute('aria-current')).toBe('true')
})

test('behavior: an empty week invites the first score', async () => {
  const { answer, section } = renderBoard()
  await answer(board({ entries: [], you: { ranked: false, rank: null, points: 0 } }))
  expect(within(section()).getByText('No one has scored this week yet — be the first')).toBeTruthy()
  expect(within(section()).queryByRole('list', { name: 'Top players this week' })).toBeNull()
  expect(section().textContent).not.toContain('No points yet')
})

test('behavior: how points work, by rarity', async () => {
  const { answer, section } = renderBoard()
  await answer(board())
  const rules = section().querySelector('details')
  expect(rules?.querySelector('summary')?.textContent).toBe('How points work')
  expect([...(rules?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
    'Common1 pt',
    'Uncommon2 pts',
    'Rare5 pts',
    'Epic10 pts',
    'Legendary25 pts',
  ])
})

test('error: a failed first load says so in words, and Try again loads again', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { load, answer, fail, section, rows } = renderBoard()
  await fail(new LeaderboardError('malformed_reply'))
  expect(within(section()).getByRole('alert').textContent).toBe('The leaderboard could not be read. Try again in a moment.')
  expect(console.error).toHaveBeenCalledWith('Failed to load the leaderboard', expect.any(LeaderboardError))

  const retry = within(section()).getByRole('button', { name: 'Try again' })
  fireEvent.click(retry)
  expect(load).toHaveBeenCalledTimes(2)
  expect(retry.hasAttribute('disabled')).toBe(true)
  await answer(board())
  expect(within(section()).queryByRole('alert')).toBeNull()
  expect(rows()).toHaveLength(4)
})

test('error: any other failure reads as unavailable', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { fail, section } = renderBoard()
  await fail(new TypeError('Failed to fetch'))
  expect(within(section()).getByRole('alert').textContent).toBe(
    'The leaderboard could not load. Check your connection and try again.',
  )
})

// Refreshes run on timers: fake the timers, never the promises (act() settles those).
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
const setVisibility = (state: 'visible' | 'hidden') =>
  act(async () => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })

test('behavior: refreshes every minute while the page is visible, never sooner', async () => {
  fakeTimers()
  const { load, answer, rows } = renderBoard()
  await answer(board())
  await act(async () => vi.advanceTimersByTime(LEADERBOARD_REFRESH_MS - 1))
  expect(load).toHaveBeenCalledTimes(1)
  await act(async () => vi.advanceTimersByTime(1))
  expect(load).toHaveBeenCalledTimes(2)
  await answer(board({ entries: [entry(1, 'dave', 99)] }))
  expect(rows()).toEqual(['#1dave99 pts'])
})

test('behavior: in the background it waits, and refreshes on return only when due', async () => {
  fakeTimers()
  const { load, answer } = renderBoard()
  await answer(board())
  await setVisibility('hidden')
  await setVisibility('visible')
  // Back within the minute: the board is fresh enough.
  expect(load).toHaveBeenCalledTimes(1)
  await setVisibility('hidden')
  await act(async () => vi.advanceTimersByTime(5 * LEADERBOARD_REFRESH_MS))
  expect(load).toHaveBeenCalledTimes(1)
  await setVisibility('visible')
  expect(load).toHaveBeenCalledTimes(2)
})

test('behavior: a page restored from the back-forward cache refreshes', async () => {
  const { load, answer } = renderBoard()
  await answer(board())
  await act(async () => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false })))
  expect(load).toHaveBeenCalledTimes(1)
  await act(async () => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })))
  expect(load).toHaveBeenCalledTimes(2)
})

test('behavior: coming back to home shows the last board at once while it refreshes', async () => {
  const { load, answer, view, section, rows } = renderBoard()
  await answer(board())
  view.unmount()
  render(<LeaderboardSection load={load} now={() => FRIDAY} />)
  expect(load).toHaveBeenCalledTimes(2)
  expect(section().getAttribute('aria-busy')).toBe('true')
  expect(rows()).toHaveLength(4)
  await answer(board({ entries: [entry(1, 'carol', 8, true)], you: { ranked: true, rank: 1, points: 8 } }))
  expect(rows()).toEqual(['#1carolYou8 pts'])
})

test('error: a failed refresh keeps the board, with the reason and Try again', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  fakeTimers()
  const { load, answer, fail, section, rows } = renderBoard()
  await answer(board())
  await act(async () => vi.advanceTimersByTime(LEADERBOARD_REFRESH_MS))
  await fail(new LeaderboardError('unauthenticated'))
  expect(rows()).toHaveLength(4)
  expect(within(section()).getByRole('alert').textContent).toBe('Sign in again to see the leaderboard.')
  fireEvent.click(within(section()).getByRole('button', { name: 'Try again' }))
  expect(load).toHaveBeenCalledTimes(3)
  await answer(board())
  expect(within(section()).queryByRole('alert')).toBeNull()
})

test('behavior: an answer overtaken by a newer request is dropped', async () => {
  fakeTimers()
  const { answer, rows } = renderBoard()
  await act(async () => vi.advanceTimersByTime(LEADERBOARD_REFRESH_MS))
  await answer(board({ entries: [entry(1, 'new', 9)] }), 1)
  await answer(board({ entries: [entry(1, 'old', 1)] }), 0)
  expect(rows()).toEqual(['#1new9 pts'])
})

test('behavior: after unmount nothing is fetched or shown', async () => {
  fakeTimers()
  const { load, answer, view } = renderBoard()
  view.unmount()
  await answer(board())
  await act(async () => vi.advanceTimersByTime(3 * LEADERBOARD_REFRESH_MS))
  await setVisibility('visible')
  expect(load).toHaveBeenCalledTimes(1)
})

test('behavior: offline, Try again is off and says why; back online the board loads again by itself', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const net = fakeConnectivity()
  const fake = fakeLoad()
  render(net.wrap(<LeaderboardSection load={fake.load} now={() => FRIDAY} />))
  const section = () => screen.getByRole('region', { name: 'Leaderboard' })
  net.setOnline(false)
  await fake.fail(new TypeError('Failed to fetch'))
  const retry = within(section()).getByRole('button', { name: 'Try again' })
  expect(retry.hasAttribute('disabled')).toBe(true)
  expect(within(section()).getByText("You're offline. This works again once you're back online.")).toBeTruthy()
  net.setOnline(true)
  expect(fake.load).toHaveBeenCalledTimes(2)
  await fake.answer(board())
  expect(within(section()).queryByRole('alert')).toBeNull()
  expect(within(section()).getByText('alice')).toBeTruthy()
})

test('behavior: a player who verifies while the board is shown gets a fresh board; a level known from the start fetches once', async () => {
  const fake = fakeLoad()
  const view = render(<LeaderboardSection load={fake.load} now={() => FRIDAY} verifiedLevel={undefined} />)
  // The level arrives as the board loads: nothing new to ask.
  view.rerender(<LeaderboardSection load={fake.load} now={() => FRIDAY} verifiedLevel={null} />)
  await fake.answer(board())
  expect(fake.load).toHaveBeenCalledTimes(1)
  // Verified in place on home: the same board mounted, asked again.
  view.rerender(<LeaderboardSection load={fake.load} now={() => FRIDAY} verifiedLevel="orb" />)
  expect(fake.load).toHaveBeenCalledTimes(2)
  view.rerender(<LeaderboardSection load={fake.load} now={() => FRIDAY} verifiedLevel="orb" />)
  expect(fake.load).toHaveBeenCalledTimes(2)

  const known = fakeLoad()
  render(<LeaderboardSection load={known.load} now={() => FRIDAY} verifiedLevel={undefined} />).rerender(
    <LeaderboardSection load={known.load} now={() => FRIDAY} verifiedLevel="orb" />,
  )
  expect(known.load).toHaveBeenCalledTimes(1)
})

test('behavior: a player without a username is the fallback name of the player’s language (Indonesian: "Penjelajah")', async () => {
  const fake = fakeLoad()
  render(
    <I18nProvider locale="id" messages={id}>
      <LeaderboardSection load={fake.load} now={() => FRIDAY} />
    </I18nProvider>,
  )
  await fake.answer(board())
  const names = [...document.querySelectorAll('.leaderboard-name')].map((name) => name.textContent)
  expect(names).toEqual(['alice', 'bob', 'Penjelajah', 'carol'])
})
