// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { fakeConnectivity } from '../../../test/fakeConnectivity.js'
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
