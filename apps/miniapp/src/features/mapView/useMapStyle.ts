import { distanceInMeters, type LatLng } from '@worldmap/game'
import type { StyleSpecification } from 'maplibre-gl'
import { useEffect, useMemo, useState } from 'react'
import { mapDefaults } from '../drops/mapDefaults.js'
import { useAnchoredCenter } from '../position/useAnchoredCenter.js'
import { createLocalMapStyle } from './createLocalMapStyle.js'
import { type ResolvedMapStyle, resolveMapStyle } from './resolveMapStyle.js'
import { useColorScheme } from './useColorScheme.js'

/** Options of {@link useMapStyle}. */
export interface UseMapStyleOptions {
  /** Style document URL; `null` draws the offline style at once, without a single request. */
  styleUrl: string | null
  /** How long to wait for the style before drawing offline, ms. */
  styleTimeoutMs?: number | undefined
  /** Used for the style probe; defaults to the global `fetch`. */
  fetch?: typeof globalThis.fetch | undefined
  /** Where the offline town is drawn around: the player's fix, else the default city. */
  center: LatLng
}

/** What {@link useMapStyle} gives the map. */
export interface MapStyle {
  /** Which style won and why; `null` while the remote one is being tried. */
  resolved: ResolvedMapStyle | null
  /** The style to draw; `null` until resolved. */
  style: StyleSpecification | null
}

const offlineByConfiguration: ResolvedMapStyle = { source: 'local', reason: 'No map style configured.' }

/** The offline town reaches ±3 km: redraw it around the player after a long walk (it is anchored, so nothing moves). */
const farFromGrid = (anchor: LatLng, target: LatLng) => distanceInMeters(anchor, target) > mapDefaults.gridRecenterMeters

/**
 * The map's style: the remote one when `styleUrl` answers in time
 * (`resolveMapStyle`), else the generated offline town around `center`,
 * re-centred only after a long walk and following the phone's light/dark
 * setting live (a remote style has one look).
 *
 * @example
 * ```tsx
 * const { resolved, style } = useMapStyle({ styleUrl: config.mapStyleUrl, center: fix ?? mapDefaults.city })
 * ```
 */
export function useMapStyle({ styleUrl, styleTimeoutMs, fetch, center }: UseMapStyleOptions): MapStyle {
  const [resolved, setResolved] = useState<ResolvedMapStyle | null>(() => (styleUrl === null ? offlineByConfiguration : null))
  useEffect(() => {
    if (styleUrl === null) {
      setResolved(offlineByConfiguration)
      return
    }
    let cancelled = false
    void resolveMapStyle({
      url: styleUrl,
      ...(styleTimeoutMs === undefined ? {} : { timeoutMs: styleTimeoutMs }),
      ...(fetch ? { fetch } : {}),
    }).then((result) => {
      if (!cancelled) setResolved(result)
    })
    return () => {
      cancelled = true
    }
  }, [styleUrl, styleTimeoutMs, fetch])
  const gridCenter = useAnchoredCenter(center, farFromGrid) ?? center
  const colorScheme = useColorScheme()
  const style = useMemo(
    () =>
      resolved === null ? null : resolved.source === 'remote' ? resolved.style : createLocalMapStyle(gridCenter, colorScheme),
    [resolved, gridCenter, colorScheme],
  )
  return { resolved, style }
}
