// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import type { MapDataSource } from '../map/MapDataSource.js'
import type { MapScreenProps } from '../map/MapScreen.js'
import { MapPage } from './MapPage.js'

const dataSource: MapDataSource = {
  watchDrops: () => () => {},
  collect: async () => ({ itemId: 'item', distance: 1 }),
}

test('default: the loading skeleton while the map chunk loads', () => {
  render(<MapPage load={() => new Promise(() => {})} createDataSource={() => dataSource} />)
  expect(screen.getByTestId('page-skeleton')).toBeTruthy()
})

test('behavior: mounts the map screen with the data source', async () => {
  const MapScreen = vi.fn((props: MapScreenProps) => <p>map {props.dataSource === dataSource ? 'with' : 'without'} data</p>)
  render(<MapPage load={async () => MapScreen} createDataSource={() => dataSource} />)
  expect(await screen.findByText('map with data')).toBeTruthy()
})

test('error: a chunk that fails to load is logged and explained', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  render(<MapPage load={async () => Promise.reject(new Error('chunk'))} createDataSource={() => dataSource} />)
  expect((await screen.findByRole('alert')).textContent).toContain('The map could not be loaded')
  expect(consoleError).toHaveBeenCalledWith('Failed to load the map', expect.any(Error))
})

test('behavior: the real map feature module loads lazily', async () => {
  const { loadMapScreen } = await import('./loadMapScreen.js')
  const { MapScreen } = await import('../map/MapScreen.js')
  await expect(loadMapScreen()).resolves.toBe(MapScreen)
})
