// @vitest-environment happy-dom
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { type ProgressView, RARITIES, type Rarity } from '@worldmap/game'
import type { SendHapticFeedbackInput } from '@worldmap/minikit'
import { StrictMode } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { es } from '../../lib/i18n/catalogues/es/index.js'
import { id } from '../../lib/i18n/catalogues/id/index.js'
import { I18nProvider } from '../../lib/i18n/index.js'
import { CatchReveal, type CatchRevealProps } from './CatchReveal.js'
import { CATCH_HAPTIC_STEP_MS, catchHaptics, celebrationHaptics } from './catchHaptics.js'
import type { Catch } from './catchOf.js'
import { RING_FILL_MS, revealTimings } from './revealTimings.js'

/** The impact styles, weakest first. */
const IMPACT_STRENGTHS = ['light', 'medium', 'heavy'] as const

afterEach(() => {
  vi.useRealTimers()
})

/** The reveal of a catch (a rare gem, the third) with a spy haptic; any part of the catch or the props can be set. */
function reveal(options: Partial<Catch> & Partial<Omit<CatchRevealProps, 'caught'>> = {}) {
  const onDismiss = vi.fn()
  const haptic = vi.fn((_input: SendHapticFeedbackInput) => {})
  const { item = { kind: 'gem', rarity: 'rare' }, firstFind = false, count = 3, points, progress, ...props } = options
  const result = render(
    <CatchReveal caught={{ item, firstFind, count, points, progress }} onDismiss={onDismiss} haptic={haptic} {...props} />,
  )
  return { ...result, onDismiss, haptic, dialog: within(result.container).getByRole('dialog') }
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
  rerender(
    <CatchReveal caught={{ item: { kind: 'coin', rarity }, firstFind: false, count: 3 }} onDismiss={onDismiss} haptic={haptic} />,
  )
  act(() => vi.advanceTimersByTime(CATCH_HAPTIC_STEP_MS * 5))
  expect(haptic).toHaveBeenCalledTimes(catchHaptics[rarity].length)
})

test('behavior: under StrictMode (dev) the pattern still plays once', () => {
  vi.useFakeTimers()
  const haptic = vi.fn()
  render(
    <StrictMode>
      <CatchReveal
        caught={{ item: { kind: 'gem', rarity: 'legendary' }, firstFind: true, count: 1 }}
        onDismiss={() => {}}
        haptic={haptic}
      />
    </StrictMode>,
  )
  act(() => vi.advanceTimersByTime(CATCH_HAPTIC_STEP_MS * 5))
  expect(haptic.mock.calls.map(([input]) => input)).toEqual(catchHaptics.legendary)
})

test('parameters: the celebrations have patterns of their own, unlike any rarity’s', () => {
  const impact = (pattern: readonly SendHapticFeedbackInput[]) =>
    pattern.map((input) => (input.hapticsType === 'impact' ? IMPACT_STRENGTHS.indexOf(input.style) : -1))
  const rarityLengths = RARITIES.map((rarity) => catchHaptics[rarity].length)
  for (const pattern of Object.values(celebrationHaptics)) {
    // Three pulses, more than any catch plays: the hand tells a celebration from the catch before it.
    expect(pattern).toHaveLength(Math.max(...rarityLengths) + 1)
    for (const rarity of RARITIES) expect(pattern).not.toEqual(catchHaptics[rarity])
  }
  // The goal met: a drum roll of equal impacts, ending in the success buzz.
  const [roll, buzz] = [celebrationHaptics.goalMet.slice(0, -1), celebrationHaptics.goalMet.at(-1)]
  expect(new Set(impact(roll)).size).toBe(1)
  expect(impact(roll)).not.toContain(-1)
  expect(buzz).toEqual({ hapticsType: 'notification', style: 'success' })
  // The streak kept: impacts only, each stronger than the last, light to heavy.
  const rising = impact(celebrationHaptics.streakExtended)
  expect(rising).toEqual([...rising].sort((a, b) => a - b))
  expect(new Set(rising).size).toBe(rising.length)
  expect([rising[0], rising.at(-1)]).toEqual([0, IMPACT_STRENGTHS.length - 1])
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
  render(<CatchReveal caught={{ item: { kind: 'feather', rarity: 'epic' }, firstFind: true, count: 1 }} onDismiss={onDismiss} />)
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

const progress = (today: number, streak: number): ProgressView => ({
  today,
  goal: 3,
  goalMet: today >= 3,
  streak,
  best: streak,
  keptToday: true,
})

/** What the reveal shows of the reward: points, the ring's value and words, the celebration line. */
function reward(dialog: HTMLElement) {
  const ring = within(dialog).queryByRole('progressbar', { name: 'Daily goal' })
  return {
    points: within(dialog).queryByTestId('catch-points')?.textContent ?? null,
    ring: ring ? { now: ring.getAttribute('aria-valuenow'), text: ring.getAttribute('aria-valuetext') } : null,
    goal: within(dialog).queryByTestId('catch-goal')?.textContent ?? null,
    celebration: within(dialog).getByRole('status').textContent,
  }
}

test('behavior: the points the find earned, in words with their plural', () => {
  const { dialog, unmount } = reveal({ points: 5, progress: progress(2, 1) })
  expect(reward(dialog).points).toBe('+5 points')
  unmount()
  expect(reward(reveal({ points: 1, progress: progress(2, 1) }).dialog).points).toBe('+1 point')
})

test('behavior: no points line when none were earned (not ranked) and no reward at all from an older server', () => {
  const { dialog, unmount } = reveal({ points: 0, progress: progress(2, 1) })
  expect(reward(dialog)).toMatchObject({ points: null, goal: '1 of 3 finds today' })
  unmount()
  const older = reveal().dialog
  expect(reward(older)).toEqual({ points: null, ring: null, goal: null, celebration: '' })
  expect(older.querySelector('.catch-reward')).toBeNull()
})

test('behavior: the goal ring fills from the count before the find to the count with it, when the words are in', () => {
  preferReducedMotion(false)
  vi.useFakeTimers()
  const { dialog } = reveal({ item: { kind: 'coin', rarity: 'common' }, points: 1, progress: progress(2, 1) })
  expect(reward(dialog).ring).toEqual({ now: '1', text: '1 of 3 finds today' })
  act(() => vi.advanceTimersByTime(revealTimings.common.ringAtMs - 1))
  expect(reward(dialog).ring?.now).toBe('1')
  act(() => vi.advanceTimersByTime(1))
  expect(reward(dialog)).toMatchObject({ ring: { now: '2', text: '2 of 3 finds today' }, goal: '2 of 3 finds today' })
  // A second find: nothing to celebrate, and no celebration haptic.
  act(() => vi.advanceTimersByTime(10_000))
  expect(reward(dialog).celebration).toBe('')
})

test('behavior: the third find meets the goal: the celebration is announced after the ring is full, with its own haptic; focus stays on Continue', () => {
  preferReducedMotion(false)
  vi.useFakeTimers()
  const { dialog, haptic } = reveal({ item: { kind: 'gem', rarity: 'uncommon' }, points: 2, progress: progress(3, 3) })
  const { ringAtMs, celebrateAtMs } = revealTimings.uncommon
  const status = within(dialog).getByRole('status')
  expect(status.textContent).toBe('')
  act(() => vi.advanceTimersByTime(ringAtMs + RING_FILL_MS))
  expect(status.textContent).toBe('')
  expect(haptic.mock.calls.map(([input]) => input)).toEqual(catchHaptics.uncommon)
  act(() => vi.advanceTimersByTime(celebrateAtMs - ringAtMs - RING_FILL_MS))
  expect(status.textContent).toBe('Goal met — 3-day streak')
  expect(status.getAttribute('data-kind')).toBe('goalMet')
  expect(dialog.closest('.catch-reveal')?.getAttribute('data-celebrating')).toBe('goalMet')
  expect(reward(dialog).ring).toEqual({ now: '3', text: '3 of 3 finds today' })
  act(() => vi.advanceTimersByTime(CATCH_HAPTIC_STEP_MS * 3))
  expect(haptic.mock.calls.map(([input]) => input)).toEqual([...catchHaptics.uncommon, ...celebrationHaptics.goalMet])
  expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Continue' }))
})

test('behavior: the first find of a day after yesterday’s carries the streak on, with the streak’s haptic', () => {
  preferReducedMotion(false)
  vi.useFakeTimers()
  const { dialog, haptic } = reveal({ item: { kind: 'gem', rarity: 'common' }, points: 1, progress: progress(1, 4) })
  act(() => vi.advanceTimersByTime(revealTimings.common.celebrateAtMs + CATCH_HAPTIC_STEP_MS * 3))
  expect(reward(dialog)).toEqual({
    points: '+1 point',
    ring: { now: '1', text: '1 of 3 finds today' },
    goal: '1 of 3 finds today',
    celebration: 'Streak kept — 4 days in a row',
  })
  expect(haptic.mock.calls.map(([input]) => input)).toEqual([...catchHaptics.common, ...celebrationHaptics.streakExtended])
})

test('behavior: rare and up take longer and show bigger; legendary the most', () => {
  preferReducedMotion(false)
  vi.useFakeTimers()
  const rareDialog = reveal({ item: { kind: 'gem', rarity: 'rare' }, points: 5, progress: progress(3, 2) }).dialog
  const legendaryDialog = reveal({ item: { kind: 'relic', rarity: 'legendary' }, points: 25, progress: progress(3, 2) }).dialog
  expect(rareDialog.querySelector('svg.drop-art')?.getAttribute('width')).toBe(String(revealTimings.rare.artSize))
  expect(legendaryDialog.querySelector('svg.drop-art')?.getAttribute('width')).toBe('220')
  const stage = (dialog: HTMLElement) => (dialog.closest('.catch-reveal') as HTMLElement).style
  expect(stage(legendaryDialog).getPropertyValue('--catch-charge')).toBe(`${revealTimings.legendary.chargeMs}ms`)
  act(() => vi.advanceTimersByTime(revealTimings.rare.celebrateAtMs))
  expect(reward(rareDialog).celebration).toBe('Goal met — 2-day streak')
  expect(reward(legendaryDialog)).toMatchObject({ ring: { now: '2' }, celebration: '' })
  act(() => vi.advanceTimersByTime(revealTimings.legendary.celebrateAtMs - revealTimings.rare.celebrateAtMs))
  expect(reward(legendaryDialog)).toMatchObject({ ring: { now: '3' }, celebration: 'Goal met — 2-day streak' })
})

test('behavior: under reduced motion everything is there at once (same words, same haptics, nothing moves)', () => {
  preferReducedMotion(true)
  vi.useFakeTimers()
  const { dialog, haptic, container } = reveal({
    item: { kind: 'relic', rarity: 'legendary' },
    points: 25,
    progress: progress(3, 5),
  })
  expect(container.querySelector('.catch-reveal')?.getAttribute('data-motion')).toBe('reduced')
  expect(reward(dialog)).toEqual({
    points: '+25 points',
    ring: { now: '3', text: '3 of 3 finds today' },
    goal: '3 of 3 finds today',
    celebration: 'Goal met — 5-day streak',
  })
  // Read with the dialog's description, since nothing arrives later to announce.
  const describedBy = dialog.getAttribute('aria-describedby') ?? ''
  expect(document.getElementById(describedBy)?.textContent).toContain('Goal met — 5-day streak')
  act(() => vi.advanceTimersByTime(CATCH_HAPTIC_STEP_MS * 6))
  expect(haptic.mock.calls.map(([input]) => input)).toEqual([...catchHaptics.legendary, ...celebrationHaptics.goalMet])
})

test('behavior: in Spanish, the reward and the celebration use its plurals', () => {
  preferReducedMotion(true)
  render(
    <I18nProvider locale="es" messages={es}>
      <CatchReveal
        caught={{ item: { kind: 'gem', rarity: 'rare' }, firstFind: true, count: 1, points: 1, progress: progress(3, 1) }}
        onDismiss={() => {}}
        haptic={() => {}}
      />
    </I18nProvider>,
  )
  const dialog = screen.getByRole('dialog', { name: /^Encontraste: / })
  expect(within(dialog).getByTestId('catch-points').textContent).toBe('+1 punto')
  expect(within(dialog).getByTestId('catch-goal').textContent).toBe('3 de 3 hallazgos hoy')
  expect(within(dialog).getByRole('status').textContent).toBe('Meta cumplida — racha de 1 día')
  expect(within(dialog).getByRole('button', { name: 'Continuar' })).toBeTruthy()
})

test('behavior: the rarity, the name and the description follow the player’s language', () => {
  for (const [locale, messages, names] of [
    [
      'es',
      es,
      {
        dialog: 'Encontraste: Gema rara',
        rarity: 'Raro',
        name: 'Gema',
        about: 'Una piedra tallada que atrapa la luz que nadie más vio.',
      },
    ],
    [
      'id',
      id,
      {
        dialog: 'Permata Langka',
        rarity: 'Langka',
        name: 'Permata',
        about: 'Batu asahan yang menangkap cahaya yang tak dilihat orang lain.',
      },
    ],
  ] as const) {
    const { unmount } = render(
      <I18nProvider locale={locale} messages={messages}>
        <CatchReveal
          caught={{ item: { kind: 'gem', rarity: 'rare' }, firstFind: false, count: 2 }}
          onDismiss={() => {}}
          haptic={() => {}}
        />
      </I18nProvider>,
    )
    const dialog = screen.getByRole('dialog')
    expect(dialog.getAttribute('aria-label'), locale).toContain(names.dialog)
    expect(within(dialog).getByText(names.rarity), locale).toBeTruthy()
    expect(within(dialog).getByRole('heading', { name: names.name }), locale).toBeTruthy()
    expect(within(dialog).getByText(names.about), locale).toBeTruthy()
    // No English name left behind.
    expect(dialog.textContent, locale).not.toMatch(/\bRare\b|\bGem\b/)
    unmount()
  }
})

test('behavior: a streak reward waiting says what it is, how far and which way, and "Show me" leads to it', () => {
  const onShow = vi.fn()
  const { dialog, onDismiss } = reveal({
    progress: progress(1, 3),
    streakReward: { item: { kind: 'compass', rarity: 'epic' }, streakDay: 3, meters: 182, direction: 'northEast', onShow },
  })
  expect(within(dialog).getByTestId('catch-reward-ahead').textContent).toBe(
    'Your day-3 streak reward is waiting: Epic Compass, 182 m north-east.',
  )
  // Continue keeps focus (the reveal's default); Tab moves between the two buttons, never out.
  const cont = within(dialog).getByRole('button', { name: 'Continue' })
  const show = within(dialog).getByRole('button', { name: 'Show me' })
  expect(document.activeElement).toBe(cont)
  fireEvent.keyDown(cont, { key: 'Tab' })
  expect(document.activeElement).toBe(show)
  fireEvent.keyDown(show, { key: 'Tab' })
  expect(document.activeElement).toBe(cont)
  fireEvent.click(show)
  expect(onShow).toHaveBeenCalledTimes(1)
  expect(onDismiss).not.toHaveBeenCalled()
})

test('behavior: without a reward waiting, no line and no "Show me"; a reward of unknown day still says so', () => {
  const none = reveal()
  expect(within(none.dialog).queryByTestId('catch-reward-ahead')).toBeNull()
  expect(within(none.dialog).queryByRole('button', { name: 'Show me' })).toBeNull()
  none.unmount()
  const { dialog } = reveal({
    streakReward: { item: { kind: 'gem', rarity: 'rare' }, streakDay: null, meters: 1_250, direction: 'south', onShow: () => {} },
  })
  expect(within(dialog).getByTestId('catch-reward-ahead').textContent).toBe(
    'Your streak reward is waiting: Rare Gem, 1.3 km south.',
  )
})

test('behavior: in Indonesian, the reward waiting reads in its words', () => {
  const { getByTestId } = render(
    <I18nProvider locale="id" messages={id}>
      <CatchReveal
        caught={{ item: { kind: 'gem', rarity: 'rare' }, firstFind: true, count: 1 }}
        onDismiss={() => {}}
        haptic={() => {}}
        streakReward={{ item: { kind: 'gem', rarity: 'rare' }, streakDay: 7, meters: 200, direction: 'west', onShow: () => {} }}
      />
    </I18nProvider>,
  )
  expect(getByTestId('catch-reward-ahead').textContent).toMatch(
    /^Hadiah runtunan hari ke-7 menunggumu: .+, 200 m ke arah barat\.$/,
  )
})
