import type { ComponentType } from 'react'
import type { MapScreenProps } from './MapScreen.js'

/**
 * Load the map feature's screen on demand: MapLibre and the map code are a
 * lazy chunk, never part of the first load.
 *
 * @example
 * ```ts
 * const MapScreen = await loadMapScreen()
 * ```
 */
export async function loadMapScreen(): Promise<ComponentType<MapScreenProps>> {
  const module = await import('./MapScreen.js')
  return module.MapScreen
}
