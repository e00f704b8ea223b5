// @vitest-environment happy-dom
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { RARITIES, type Rarity } from '@worldmap/game'
import type { SendHapticFeedbackInput } from '@worldmap/minikit'
import { StrictMode } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { CatchReveal } from './CatchReveal.js'
import { CATCH_HAPTIC_STEP_MS, catchHaptics } from './catchHaptics.js'

afterEach(() => {
  vi.useRealTimers()
})

function reveal(props: Partial<Parameters<typeof CatchReveal>[0]> = {}) {
  const onDismiss = vi.fn()
  const haptic = vi.fn((_input: SendHapticFeedbackInput) => {})
  const result = render(
    <CatchReveal
      item={{ kind: 'gem', rarity: 'rare' }}
      firstFind={false}
      count={3}
      onDismiss={onDismiss}
      haptic={haptic}
      {...props}
    />,
  )
  return { ...result, onDismiss, haptic, dialog: screen.getByRole('dialog') }
}

/** A `matchMedia` answering `reduce` for prefers-reduced-motion. */
function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion: reduce'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  )
}

test('default: a labelled modal dialog with the art, rarity, name, count and description', () => {
  const { dialog } = reveal()
  expect(dialog.getAttribute('aria-modal')).toBe('true')
  expect(screen.getByRole('dialog', { name: 'You found: Rare Gem' })).toBe(dialog)
  expect(dialog.querySelector('svg.drop-art')?.getAttribute('data-kind')).toBe('gem')
  expect(dialog.querySelector('svg.drop-art')?.getAttribute('data-rarity')).toBe('rare')
  expect(within(dialog).getByText('Rare')).toBeTruthy()
  expect(within(dialog).getByRole('heading', { name: 'Gem' })).toBeTruthy()
  expect(within(dialog).getByText('You have 3')).toBeTruthy()
  expect(within(dialog).queryByText(/New!/)).toBeNull()
  expect(within(dialog).getByText('A cut stone that catches light nobody else noticed.')).toBeTruthy()
  // The description is read with the dialog.
  const describedBy = dialog.getAttribute('aria-describedby') ?? ''
  expect(document.getElementById(describedBy)?.textContent).toContain('You have 3')
})

test('behavior: a first find says New! instead of the count', () => {
  const { dialog } = reveal({ item: { kind: 'relic', rarity: 'legendary' }, firstFind: true, count: 1 })
  expect(within(dialog).getByText(/New!/)).toBeTruthy()
  expect(within(dialog).queryByText(/You have/)).toBeNull()
  expect(screen.getByRole('dialog', { name: 'You found: Legendary Relic' })).toBe(dialog)
})

test('behavior: focus moves to Continue; Tab stays on it; focus returns on close', () => {
  const opener = document.createElement('button')
  document.body.append(opener)
  opener.focus()
  const { dialog, unmount } = reveal()
  const button = within(dialog).getByRole('button', { name: 'Continue' })
  expect(document.activeElement).toBe(button)
  fireEvent.keyDown(button, { key: 'Tab' })
  expect(document.activeElement).toBe(button)
  unmount()
  expect(document.activeElement).toBe(opener)
  opener.remove()
})

test('behavior: it stays until dismissed, by Continue or by Escape', () => {
  vi.useFakeTimers()
  const { dialog, onDismiss } = reveal()
  act(() => vi.advanceTimersByTime(60_000))
  expect(screen.getByRole('dialog')).toBe(dialog)
  expect(onDismiss).not.toHaveBeenCalled()

  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
  expect(onDismiss).toHaveBeenCalledTimes(1)
  // Escape works wherever focus is.
  fireEvent.keyDown(document.body, { key: 'Escape' })
  expect(onDismiss).toHaveBeenCalledTimes(2)
  fireEvent.keyDown(document.body, { key: 'Enter' })
  expect(onDismiss).toHaveBeenCalledTimes(2)
})

test.each(RARITIES)('behavior: the %s haptic pattern, once, one pulse per step', (rarity: Rarity) => {
  vi.useFakeTimers()
  const { haptic, rerender, onDismiss } = reveal({ item: { kind: 'coin', rarity } })
  act(() => vi.advanceTimersByTime(0))
  expect(haptic).toHaveBeenCalledTimes(1)
  act(() => vi.advanceTimersByTime(CATCH_HAPTIC_STEP_MS * 5))
  expect(haptic.mock.calls.map(([input]) => input)).toEqual(catchHaptics[rarity])
  // A re-render (new props object, same catch) does not play it again.
  rerender(<CatchReveal item={{ kind: 'coin', rarity }} firstFind={false} count={3} onDismiss={onDismiss} haptic={haptic} />)
  act(() => vi.advanceTimersByTime(CATCH_HAPTIC_STEP_MS * 5))
  expect(haptic).toHaveBeenCalledTimes(catchHaptics[rarity].length)
})

test('behavior: under StrictMode (dev) the pattern still plays once', () => {
  vi.useFakeTimers()
  const haptic = vi.fn()
  render(
    <StrictMode>
      <CatchReveal item={{ kind: 'gem', rarity: 'legendary' }} firstFind count={1} onDismiss={() => {}} haptic={haptic} />
    </StrictMode>,
  )
  act(() => vi.advanceTimersByTime(CATCH_HAPTIC_STEP_MS * 5))
  expect(haptic.mock.calls.map(([input]) => input)).toEqual(catchHaptics.legendary)
})

test('parameters: the patterns rise with rarity', () => {
  expect(catchHaptics).toEqual({
    common: [{ hapticsType: 'impact', style: 'light' }],
    uncommon: [
      { hapticsType: 'impact', style: 'light' },
      { hapticsType: 'impact', style: 'light' },
    ],
    rare: [{ hapticsType: 'impact', style: 'medium' }],
    epic: [{ hapticsType: 'impact', style: 'heavy' }],
    legendary: [
      { hapticsType: 'notification', style: 'success' },
      { hapticsType: 'impact', style: 'heavy' },
    ],
  })
})

test('behavior: closing before the pattern ends cancels the pulses left', () => {
  vi.useFakeTimers()
  const { haptic, unmount } = reveal({ item: { kind: 'coin', rarity: 'legendary' } })
  act(() => vi.advanceTimersByTime(0))
  unmount()
  act(() => vi.advanceTimersByTime(CATCH_HAPTIC_STEP_MS * 5))
  expect(haptic.mock.calls).toEqual([[{ hapticsType: 'notification', style: 'success' }]])
})

test('error: haptics that throw or reject (no World App) are ignored', async () => {
  vi.useFakeTimers()
  const throwing = vi.fn(() => {
    throw new Error('unavailable')
  })
  const rejecting = vi.fn(() => Promise.reject(new Error('unavailable')))
  for (const haptic of [throwing, rejecting]) {
    const { unmount, dialog } = reveal({ haptic, item: { kind: 'gem', rarity: 'uncommon' } })
    await act(async () => vi.advanceTimersByTimeAsync(CATCH_HAPTIC_STEP_MS * 3))
    // Both pulses were tried, and the reveal carries on.
    expect(haptic).toHaveBeenCalledTimes(2)
    expect(dialog.isConnected).toBe(true)
    unmount()
  }
})

test('behavior: the default haptic is the app’s sendHapticFeedback (outside World App it fails quietly)', async () => {
  vi.useFakeTimers()
  const onDismiss = vi.fn()
  render(<CatchReveal item={{ kind: 'feather', rarity: 'epic' }} firstFind count={1} onDismiss={onDismiss} />)
  await act(async () => vi.advanceTimersByTimeAsync(CATCH_HAPTIC_STEP_MS * 3))
  expect(screen.getByRole('dialog', { name: 'You found: Epic Feather' })).toBeTruthy()
})

test('behavior: animations are on by default and off under prefers-reduced-motion', () => {
  preferReducedMotion(false)
  const { container, unmount } = reveal()
  expect(container.querySelector('.catch-reveal')?.getAttribute('data-motion')).toBe('full')
  unmount()

  preferReducedMotion(true)
  vi.useFakeTimers()
  const reduced = reveal({ item: { kind: 'gem', rarity: 'legendary' } })
  expect(reduced.container.querySelector('.catch-reveal')?.getAttribute('data-motion')).toBe('reduced')
  // Haptics are not motion: they still play.
  act(() => vi.advanceTimersByTime(CATCH_HAPTIC_STEP_MS * 3))
  expect(reduced.haptic).toHaveBeenCalledTimes(2)
})

test('behavior: rays behind the art from uncommon up', () => {
  for (const rarity of RARITIES) {
    const { container, unmount } = reveal({ item: { kind: 'shell', rarity } })
    expect(container.querySelector('.catch-reveal-rays') !== null).toBe(rarity !== 'common')
    unmount()
  }
})
