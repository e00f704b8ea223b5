import { type ComponentType, useEffect, useMemo, useState } from 'react'
import { PageSkeleton } from '../../components/PageSkeleton.js'
import { getClientConfig } from '../../lib/config/getClientConfig.js'
import type { MapDataSource } from '../map/MapDataSource.js'
import type { MapScreenProps } from '../map/MapScreen.js'
import { createFirebaseMapBackend } from './createFirebaseMapBackend.js'
import { createFirebaseMapDataSource } from './createFirebaseMapDataSource.js'
import { loadMapScreen } from './loadMapScreen.js'

type State = { status: 'loading' } | { status: 'ready'; MapScreen: ComponentType<MapScreenProps> } | { status: 'failed' }

/** Props of {@link MapPage}; both are for tests. */
export interface MapPageProps {
  load?: () => Promise<ComponentType<MapScreenProps>>
  createDataSource?: () => MapDataSource
}

const defaultDataSource = () => createFirebaseMapDataSource(createFirebaseMapBackend(getClientConfig()))

/**
 * /map: mounts the map feature on the client only (MapLibre needs a DOM and
 * WebGL and is far too large for the first load), with the page skeleton
 * while its chunk loads, and hands it the Firebase-backed data source.
 *
 * @example
 * ```tsx
 * <MapPage />
 * ```
 */
export function MapPage({ load = loadMapScreen, createDataSource = defaultDataSource }: MapPageProps) {
  const [state, setState] = useState<State>({ status: 'loading' })
  // Created on the client only: the effect below is what moves past 'loading'.
  const dataSource = useMemo(() => (state.status === 'ready' ? createDataSource() : null), [state.status, createDataSource])

  useEffect(() => {
    let live = true
    load().then(
      (MapScreen) => live && setState({ status: 'ready', MapScreen }),
      (error: unknown) => {
        console.error('Failed to load the map', error)
        if (live) setState({ status: 'failed' })
      },
    )
    return () => {
      live = false
    }
  }, [load])

  if (state.status === 'ready' && dataSource) {
    const { MapScreen } = state
    return (
      <div className="map-page">
        <MapScreen dataSource={dataSource} />
      </div>
    )
  }
  if (state.status === 'failed') {
    return (
      <div className="map-page map-page-message" role="alert">
        <p>The map could not be loaded. Check your connection and try again.</p>
      </div>
    )
  }
  return (
    <div className="map-page">
      <PageSkeleton />
    </div>
  )
}
