import { type RefObject, useEffect } from 'react'
import type { LatLng, PositionFix } from '../drops/MapDataSource.js'
import type { MapHandle } from './useMapLibreMap.js'

/** Options of {@link useCameraRequests}. */
export interface UseCameraRequestsOptions {
  mapRef: RefObject<MapHandle | null>
  /** The map is created. */
  ready: boolean
  /** Incremented to fly back to the player; 0 asks nothing. */
  recenterRequest: number
  /** The view's latest props: the fix is read when a recenter is asked for. */
  latest: RefObject<{ player: PositionFix | null }>
  /** Centre here (a drop opened from a link); each new object is a new request. */
  focus: LatLng | null
  /** Set when a focus moves the camera, so the first fix does not pull it away. */
  centeredRef: RefObject<boolean>
}

/**
 * The camera moves the screen asks for: ease back to the player's latest fix
 * on each recenter request (none without a fix), and jump to a drop opened
 * from a link, keeping the first fix from pulling the camera away.
 *
 * @example
 * ```tsx
 * useCameraRequests({ mapRef, ready, recenterRequest, latest, focus, centeredRef })
 * ```
 */
export function useCameraRequests(options: UseCameraRequestsOptions): void {
  const { mapRef, ready, recenterRequest, latest, focus, centeredRef } = options
  useEffect(() => {
    const current = mapRef.current
    const fix = latest.current.player
    if (!ready || !current || recenterRequest === 0 || !fix) return
    current.map.easeTo({ center: [fix.lng, fix.lat] })
  }, [mapRef, ready, recenterRequest, latest])

  useEffect(() => {
    const current = mapRef.current
    if (!ready || !current || !focus) return
    centeredRef.current = true
    current.map.jumpTo({ center: [focus.lng, focus.lat] })
  }, [mapRef, ready, focus, centeredRef])
}
