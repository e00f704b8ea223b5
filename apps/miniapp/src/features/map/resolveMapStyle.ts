import type { StyleSpecification } from 'maplibre-gl'
import * as z from 'zod/mini'
import { createLocalMapStyle } from './createLocalMapStyle.js'
import type { LatLng } from './MapDataSource.js'

/** Production default: OpenFreeMap's free, keyless vector style. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty'

/** How long the style probe may take before the map gives up and draws offline, ms. */
export const DEFAULT_STYLE_TIMEOUT_MS = 3_000

/** Just enough of a style document to know it is one; MapLibre validates the rest. */
const styleDocument = z.looseObject({
  version: z.literal(8),
  sources: z.record(z.string(), z.unknown()),
  layers: z.array(z.unknown()),
})

/** The style to draw with, and where it came from (`local` says why). */
export type ResolvedMapStyle =
  | { source: 'remote'; url: string; style: StyleSpecification }
  | { source: 'local'; reason: string; style: StyleSpecification }

/** Options of {@link resolveMapStyle}. */
export interface ResolveMapStyleOptions {
  /** The configured style URL; `null` skips the probe (offline by configuration). */
  url: string | null
  /** Centre of the local style's grid. */
  center: LatLng
  /** Give up on the remote style after this long, ms. */
  timeoutMs?: number
  /** Injected for tests; defaults to the global `fetch`. */
  fetch?: typeof globalThis.fetch
}

/**
 * Pick the map style: the configured style document when it can be fetched
 * within `timeoutMs`, otherwise the built-in offline style, so drops and the
 * player's position always render. The fetched document is handed to
 * MapLibre as an object, which saves a second request; its tiles may still
 * fail later on a flaky connection, but the markers stay on screen.
 *
 * @example
 * ```ts
 * const { style, source } = await resolveMapStyle({ url: DEFAULT_MAP_STYLE_URL, center })
 * new Map({ container, style })
 * ```
 */
export async function resolveMapStyle(options: ResolveMapStyleOptions): Promise<ResolvedMapStyle> {
  const { url, center, timeoutMs = DEFAULT_STYLE_TIMEOUT_MS, fetch = globalThis.fetch } = options
  const local = (reason: string): ResolvedMapStyle => ({ source: 'local', reason, style: createLocalMapStyle(center) })
  if (url === null) return local('No map style configured.')

  const controller = new AbortController()
  // A hung request is the common failure on a bad connection, so the timer bounds the body read too.
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetch(url, { signal: controller.signal })
    if (!response.ok) return local(`Map style request failed with HTTP ${response.status}.`)
    const parsed = styleDocument.safeParse(await response.json())
    if (!parsed.success) return local('Map style is not a MapLibre style document.')
    return { source: 'remote', url, style: parsed.data as unknown as StyleSpecification }
  } catch (error) {
    if (controller.signal.aborted) return local(`Map style did not load within ${timeoutMs} ms.`)
    return local(`Map style could not be fetched: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    clearTimeout(timer)
  }
}
