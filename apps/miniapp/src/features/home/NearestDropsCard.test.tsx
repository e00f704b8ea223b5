// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { fakeConnectivity } from '../../../test/fakeConnectivity.js'
import { ptBR } from '../../lib/i18n/catalogues/pt-BR/index.js'
import { I18nProvider } from '../../lib/i18n/index.js'
import { NearestDropsCard } from './NearestDropsCard.js'
import type { watchNearestDrops } from './watchNearestDrops.js'

test('error: code that failed to load offline loads again by itself once the connection is back', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const net = fakeConnectivity(false)
  const watch = vi.fn<typeof watchNearestDrops>((onChange) => {
    onChange({ status: 'ready', drops: [] })
    return () => {}
  })
  const load = vi.fn<() => Promise<typeof watchNearestDrops>>().mockRejectedValueOnce(new Error('chunk')).mockResolvedValue(watch)
  render(net.wrap(<NearestDropsCard load={load} />))
  expect((await screen.findByRole('alert')).textContent).toBe('Drops nearby could not load. Check your connection.')
  expect(console.error).toHaveBeenCalledWith('Failed to load the nearest drops', expect.any(Error))
  net.setOnline(true)
  await waitFor(() => expect(screen.getByText('No drops near you right now. New ones appear every half hour.')).toBeTruthy())
  expect(load).toHaveBeenCalledTimes(2)
  // Loaded now: a later blip starts nothing new.
  net.setOnline(false)
  net.setOnline(true)
  expect(load).toHaveBeenCalledTimes(2)
})

test('behavior: each drop’s rarity and kind in the player’s language, with its distance and link', async () => {
  const drop = { id: 'd1', lat: 0, lng: 0, kind: 'feather', rarity: 'legendary', expiresAt: Number.MAX_SAFE_INTEGER } as const
  const watch = vi.fn<typeof watchNearestDrops>((onChange) => {
    onChange({ status: 'ready', drops: [{ drop, distance: 1250 }] })
    return () => {}
  })
  render(
    <I18nProvider locale="pt-BR" messages={ptBR}>
      <NearestDropsCard load={() => Promise.resolve(watch)} />
    </I18nProvider>,
  )
  const link = await screen.findByRole('link')
  expect(link.getAttribute('href')).toBe('/map?drop=d1')
  expect(link.querySelector('.rarity-chip')?.textContent).toBe(ptBR['drops.rarity.legendary'])
  expect(link.querySelector('.nearest-name')?.textContent).toBe(ptBR['drops.kind.feather'])
  expect(link.textContent).not.toMatch(/Legendary|Feather/)
})

test("behavior: the player's uid goes to the watch, so drops on spots found today stay off the card", async () => {
  const watch = vi.fn<typeof watchNearestDrops>((onChange) => {
    onChange({ status: 'ready', drops: [] })
    return () => {}
  })
  render(<NearestDropsCard uid="player-1" load={() => Promise.resolve(watch)} />)
  await screen.findByText('No drops near you right now. New ones appear every half hour.')
  expect(watch.mock.calls[0]?.[1]).toEqual({ uid: 'player-1' })
})

test("behavior: the player's streak reward is first, marked with its day, linking to it on the map", async () => {
  const reward = {
    id: 'streak_997460_0123456789ab',
    lat: 0,
    lng: 0,
    kind: 'compass',
    rarity: 'epic',
    expiresAt: Number.MAX_SAFE_INTEGER,
    streakDay: 3,
  } as const
  const near = { id: 'd1', lat: 0, lng: 0, kind: 'gem', rarity: 'common', expiresAt: Number.MAX_SAFE_INTEGER } as const
  const watch = vi.fn<typeof watchNearestDrops>((onChange) => {
    onChange({
      status: 'ready',
      drops: [
        { drop: reward, distance: 230, reward: true },
        { drop: near, distance: 40 },
      ],
    })
    return () => {}
  })
  render(<NearestDropsCard uid="player-1" load={() => Promise.resolve(watch)} />)
  const [first, second] = await screen.findAllByRole('link')
  expect(first?.getAttribute('href')).toBe('/map?drop=streak_997460_0123456789ab')
  expect(first?.querySelector('.nearest-name')?.textContent).toBe('CompassYour day-3 streak reward')
  expect(first?.closest('li')?.dataset.reward).toBe('true')
  expect(second?.querySelector('.nearest-reward')).toBeNull()
})
