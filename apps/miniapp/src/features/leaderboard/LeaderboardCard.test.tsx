// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { fakeConnectivity } from '../../../test/fakeConnectivity.js'
import { LeaderboardCard } from './LeaderboardCard.js'
import { board, FRIDAY } from './leaderboardFixtures.js'
import { loadLeaderboardSection } from './loadLeaderboardSection.js'

const section = () => screen.getByRole('region', { name: 'Leaderboard' })
// The placeholder and the loaded section are different elements: look the region up again each time.
// The first import of the section's module may take a while on a busy machine.
const shows = (text: string) => waitFor(() => expect(within(section()).getByText(text)).toBeTruthy(), { timeout: 5_000 })

test('default: a placeholder with the same heading until the section’s code is there', async () => {
  const load = vi.fn(async () => board())
  render(<LeaderboardCard load={load} now={() => FRIDAY} />)
  expect(section().getAttribute('aria-busy')).toBe('true')
  expect(section().textContent).toContain('Loading the leaderboard…')
  await shows('alice')
  expect(load).toHaveBeenCalledTimes(1)
})

test('behavior: the section is its own lazily loaded module', async () => {
  const { LeaderboardSection } = await import('./LeaderboardSection.js')
  await expect(loadLeaderboardSection()).resolves.toBe(LeaderboardSection)
})

test('error: code that fails to load says so, and Try again loads it again', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  const loadSection = vi.fn(loadLeaderboardSection).mockRejectedValueOnce(new Error('chunk'))
  render(<LeaderboardCard loadSection={loadSection} load={async () => board()} now={() => FRIDAY} />)
  expect((await within(section()).findByRole('alert')).textContent).toBe(
    'The leaderboard could not load. Check your connection and try again.',
  )
  expect(consoleError).toHaveBeenCalledWith('Failed to load the leaderboard', expect.any(Error))
  await act(async () => fireEvent.click(within(section()).getByRole('button', { name: 'Try again' })))
  await shows('alice')
  expect(loadSection).toHaveBeenCalledTimes(2)
})

test('behavior: code that arrives after unmount is never shown', async () => {
  let resolve: (value: Awaited<ReturnType<typeof loadLeaderboardSection>>) => void = () => {}
  const load = vi.fn(async () => board())
  const view = render(<LeaderboardCard loadSection={() => new Promise((done) => (resolve = done))} load={load} />)
  view.unmount()
  await act(async () => resolve((await import('./LeaderboardSection.js')).LeaderboardSection))
  expect(load).not.toHaveBeenCalled()
})

test('behavior: coming back to home shows the section at once, without the placeholder', async () => {
  const loadSection = vi.fn(loadLeaderboardSection)
  const load = vi.fn(async () => board())
  const first = render(<LeaderboardCard loadSection={loadSection} load={load} now={() => FRIDAY} />)
  await shows('alice')
  first.unmount()
  render(<LeaderboardCard loadSection={loadSection} load={load} now={() => FRIDAY} />)
  // The last board shows while the new one loads: no placeholder in between.
  expect(within(section()).getByText('alice')).toBeTruthy()
  expect(section().textContent).not.toContain('Loading the leaderboard…')
  expect(loadSection).toHaveBeenCalledTimes(1)
  await waitFor(() => expect(load).toHaveBeenCalledTimes(2))
})

test('behavior: code that failed to load offline loads again by itself once the connection is back; Try again is off meanwhile', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const net = fakeConnectivity(false)
  const loadSection = vi.fn(loadLeaderboardSection).mockRejectedValueOnce(new Error('chunk'))
  render(net.wrap(<LeaderboardCard loadSection={loadSection} load={async () => board()} now={() => FRIDAY} />))
  await within(section()).findByRole('alert')
  expect(within(section()).getByRole('button', { name: 'Try again' }).hasAttribute('disabled')).toBe(true)
  expect(within(section()).getByText("You're offline. This works again once you're back online.")).toBeTruthy()
  net.setOnline(true)
  await shows('alice')
  expect(loadSection).toHaveBeenCalledTimes(2)
})
