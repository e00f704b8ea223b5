import { type ComponentType, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { PageSkeleton } from '../../components/PageSkeleton.js'
import { getClientConfig } from '../../lib/config/getClientConfig.js'
import { useConnectivity } from '../../lib/connectivity/useConnectivity.js'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { watchFirebaseValue } from '../../lib/firebase/watchFirebaseValue.js'
import { useT } from '../../lib/i18n/index.js'
import { useAuth } from '../auth/useAuth.js'
import { createPendingCollects, getPendingStorage, type PendingStorage } from '../collect/pendingCollects.js'
import { getFirebaseMapDataSource } from '../dropFeed/getFirebaseMapDataSource.js'
import type { MapDataSource } from '../drops/MapDataSource.js'
import { useVerifiedLevel } from '../verification/useVerifiedLevel.js'
import { loadMapScreen } from './loadMapScreen.js'
import type { MapScreenProps } from './MapScreen.js'

type State = { status: 'loading' } | { status: 'ready'; MapScreen: ComponentType<MapScreenProps> } | { status: 'failed' }

/** Props of {@link MapPage}; all are for tests. */
export interface MapPageProps {
  load?: () => Promise<ComponentType<MapScreenProps>>
  createDataSource?: () => MapDataSource
  /** Reads the player's verification level; defaults to the app's Firebase database. */
  watch?: WatchValue
  /** The configured map style (`null`: offline); defaults to the client config's `mapStyleUrl`. */
  getStyleUrl?: () => string | null
  /** The drop to open; defaults to the page URL's `?drop=`. */
  dropId?: string | null
  /** Where pending collects are kept; defaults to `localStorage`. */
  pendingStorage?: PendingStorage | null
}

const configuredStyleUrl = () => getClientConfig().mapStyleUrl

/**
 * /map: mounts the map feature on the client only (MapLibre needs a DOM and
 * WebGL and is far too large for the first load), with the page skeleton
 * while its chunk loads, and hands it the Firebase-backed data source and
 * whether the player is a verified human (live from their profile), the
 * configured map style, and the drop to open from `?drop=<id>` (home's
 * nearest drops link here).
 *
 * @example
 * ```tsx
 * <MapPage />
 * ```
 */
export function MapPage({
  load = loadMapScreen,
  createDataSource = getFirebaseMapDataSource,
  watch = watchFirebaseValue,
  getStyleUrl = configuredStyleUrl,
  dropId,
  pendingStorage,
}: MapPageProps) {
  // Outside Vike's page tree (tests) there is no page context.
  const pageContext = usePageContext() as ReturnType<typeof usePageContext> | undefined
  const requestedDropId = dropId === undefined ? (pageContext?.urlParsed?.search.drop ?? null) : dropId
  const { user } = useAuth()
  const verified = useVerifiedLevel(user?.uid ?? null, watch)
  const pendingCollects = usePlayerPendingCollects(user?.uid ?? null, pendingStorage)
  const { state, retry } = useMapChunk(load)
  const t = useT()
  // Created on the client only: the chunk's effect is what moves past 'loading'.
  const dataSource = useMemo(() => (state.status === 'ready' ? createDataSource() : null), [state.status, createDataSource])
  const styleUrl = useMemo(() => (state.status === 'ready' ? getStyleUrl() : null), [state.status, getStyleUrl])

  if (state.status === 'ready' && dataSource) {
    const { MapScreen } = state
    return (
      <div className="map-page">
        <MapScreen
          dataSource={dataSource}
          styleUrl={styleUrl}
          initialDropId={requestedDropId || null}
          humanVerified={verified.status === 'ready' ? verified.level !== null : undefined}
          pendingCollects={pendingCollects}
          playerUid={user?.uid ?? null}
        />
      </div>
    )
  }
  if (state.status === 'failed') {
    return (
      <div className="map-page map-page-message" role="alert">
        <p>{t('map.chunkFailed')}</p>
        <button type="button" className="button" onClick={retry}>
          {t('common.tryAgain')}
        </button>
      </div>
    )
  }
  return (
    <div className="map-page">
      <PageSkeleton />
    </div>
  )
}

/** Per player: another player on this device never resolves (or sees) these. */
function usePlayerPendingCollects(uid: string | null, pendingStorage: PendingStorage | null | undefined) {
  return useMemo(
    () => (uid === null ? null : createPendingCollects(pendingStorage === undefined ? getPendingStorage() : pendingStorage, uid)),
    [uid, pendingStorage],
  )
}

/**
 * The map's chunk, loading, ready or failed. A chunk that failed to load
 * (offline) is fetched again once the connection is back, or on `retry`.
 */
function useMapChunk(load: () => Promise<ComponentType<MapScreenProps>>): { state: State; retry: () => void } {
  const [state, setState] = useState<State>({ status: 'loading' })
  const online = useConnectivity().status === 'online'
  const [attempt, setAttempt] = useState(0)
  const failed = useRef(false)
  failed.current = state.status === 'failed'
  const wasOnline = useRef(online)
  useEffect(() => {
    // Only on the way back online: a failure while online waits for Try again.
    if (online && !wasOnline.current && failed.current) setAttempt((n) => n + 1)
    wasOnline.current = online
  }, [online])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is a new load
  useEffect(() => {
    let live = true
    setState((previous) => (previous.status === 'failed' ? { status: 'loading' } : previous))
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
  }, [load, attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { state, retry }
}
