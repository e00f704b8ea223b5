// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react'
import type { ComponentType, ReactNode } from 'react'
import type { PageContext } from 'vike/types'
import { VikeReactProviderPageContext } from 'vike-react/usePageContext'
import { expect, test, vi } from 'vitest'
import { fakeConnectivity } from '../../../test/fakeConnectivity.js'
import { ADDRESS, renderApp, signedInAs } from '../../../test/renderApp.js'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import type { MapDataSource } from '../drops/MapDataSource.js'
import { MapPage } from './MapPage.js'
import type { MapScreenProps } from './MapScreen.js'

// Pages render signed in (the shell shows the login view otherwise); no profile read answers unless a test says so.
const silent: WatchValue = () => () => {}
const render = (ui: ReactNode) => renderApp(ui, { auth: signedInAs() })

const dataSource: MapDataSource = {
  watchDrops: () => () => {},
  collect: async () => ({ itemId: 'item', distance: 1 }),
}

test('default: the loading skeleton while the map chunk loads', () => {
  render(<MapPage load={() => new Promise(() => {})} createDataSource={() => dataSource} watch={silent} />)
  expect(screen.getByTestId('page-skeleton')).toBeTruthy()
})

test('behavior: mounts the map screen with the data source and the configured map style', async () => {
  const MapScreen = vi.fn((props: MapScreenProps) => (
    <p>
      map {props.dataSource === dataSource ? 'with' : 'without'} data, style {String(props.styleUrl)}, drop{' '}
      {String(props.initialDropId)}
    </p>
  ))
  const styleUrl = 'https://tiles.example/style.json'
  render(<MapPage load={async () => MapScreen} createDataSource={() => dataSource} watch={silent} getStyleUrl={() => styleUrl} />)
  expect(await screen.findByText(`map with data, style ${styleUrl}, drop null`)).toBeTruthy()
})

test('behavior: no style configured (local mode) reaches the map as null: the offline style, no request', async () => {
  const MapScreen = vi.fn((props: MapScreenProps) => <p>style {String(props.styleUrl)}</p>)
  render(<MapPage load={async () => MapScreen} createDataSource={() => dataSource} watch={silent} getStyleUrl={() => null} />)
  expect(await screen.findByText('style null')).toBeTruthy()
})

test('parameters: /map?drop=<id> opens that drop; an empty one opens nothing', async () => {
  const MapScreen = vi.fn((props: MapScreenProps) => <p>drop {String(props.initialDropId)}</p>)
  const page = (search: Record<string, string>) =>
    ({ urlParsed: { search, pathname: '/map' }, urlPathname: '/map' }) as unknown as PageContext
  const ui = (search: Record<string, string>) => (
    <VikeReactProviderPageContext pageContext={page(search)}>
      <MapPage load={async () => MapScreen} createDataSource={() => dataSource} watch={silent} getStyleUrl={() => null} />
    </VikeReactProviderPageContext>
  )
  const first = render(ui({ drop: 'w21z73t-3' }))
  expect(await screen.findByText('drop w21z73t-3')).toBeTruthy()
  first.unmount()
  const second = render(ui({ drop: '' }))
  expect(await screen.findByText('drop null')).toBeTruthy()
  second.unmount()
  render(
    <MapPage
      load={async () => MapScreen}
      createDataSource={() => dataSource}
      watch={silent}
      getStyleUrl={() => null}
      dropId="x"
    />,
  )
  expect(await screen.findByText('drop x')).toBeTruthy()
})

test('error: a chunk that fails to load is logged and explained', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  render(<MapPage load={async () => Promise.reject(new Error('chunk'))} createDataSource={() => dataSource} watch={silent} />)
  expect((await screen.findByRole('alert')).textContent).toContain('The map could not be loaded')
  expect(consoleError).toHaveBeenCalledWith('Failed to load the map', expect.any(Error))
})

test('behavior: the real map feature module loads lazily', async () => {
  const { loadMapScreen } = await import('./loadMapScreen.js')
  const { MapScreen } = await import('./MapScreen.js')
  await expect(loadMapScreen()).resolves.toBe(MapScreen)
})

test('behavior: tells the map whether the player is a verified human, live from their profile', async () => {
  let setLevel: (value: unknown) => void = () => {}
  const watch = vi.fn<WatchValue>((_path, onValue) => {
    setLevel = onValue
    return () => {}
  })
  const MapScreen = vi.fn((props: MapScreenProps) => <p>verified: {String(props.humanVerified)}</p>)
  render(<MapPage load={async () => MapScreen} createDataSource={() => dataSource} watch={watch} getStyleUrl={() => null} />)
  expect(watch).toHaveBeenCalledWith(`profiles/${ADDRESS}/verifiedLevel`, expect.any(Function), expect.any(Function), {
    player: ADDRESS,
  })
  // Not known yet: Collect stays offered (the server has the last word).
  expect(await screen.findByText('verified: undefined')).toBeTruthy()
  act(() => setLevel(null))
  expect(screen.getByText('verified: false')).toBeTruthy()
  act(() => setLevel('device'))
  expect(screen.getByText('verified: true')).toBeTruthy()
})

test("behavior: the map gets the signed-in player's pending collects, kept per player", async () => {
  const data = new Map<string, string>()
  const storage = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
  const MapScreen = vi.fn((props: MapScreenProps) => {
    props.pendingCollects?.add({ dropId: 'd', lat: 1, lng: 2, accuracy: 3, kind: 'gem', rarity: 'rare', at: Date.now() })
    return <p>pending {props.pendingCollects?.list().length}</p>
  })
  render(
    <MapPage
      load={async () => MapScreen}
      createDataSource={() => dataSource}
      watch={silent}
      getStyleUrl={() => null}
      pendingStorage={storage}
    />,
  )
  expect(await screen.findByText('pending 1')).toBeTruthy()
  expect([...data.keys()]).toEqual([`worldmap:pending-collects:v1:${ADDRESS}`])
})

function TheMap() {
  return <p>the map</p>
}

test('error: a map chunk that failed offline loads again once back online; Try again loads it too', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const net = fakeConnectivity(false)
  const load = vi.fn<() => Promise<ComponentType<MapScreenProps>>>().mockRejectedValue(new Error('chunk'))
  const ui = net.wrap(<MapPage load={load} createDataSource={() => dataSource} watch={silent} getStyleUrl={() => null} />)
  render(ui)
  const alert = await screen.findByRole('alert')
  await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })))
  expect(load).toHaveBeenCalledTimes(2)
  await screen.findByRole('alert')
  load.mockResolvedValue(TheMap)
  // Still offline, and then back: the way back online is what loads it.
  net.setOnline(true)
  expect(await screen.findByText('the map')).toBeTruthy()
  expect(load).toHaveBeenCalledTimes(3)
})
