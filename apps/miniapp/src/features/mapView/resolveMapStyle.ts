import type { StyleSpecification } from 'maplibre-gl'
import * as z from 'zod/mini'

// One default for the client config and the server's connect-src policy.
export { DEFAULT_MAP_STYLE_URL } from '../../lib/config/readClientConfig.js'

/** How long the style probe may take before the map gives up and draws offline, ms. */
export const DEFAULT_STYLE_TIMEOUT_MS = 3_000

/** Just enough of a style document to know it is one; MapLibre validates the rest. */
const styleDocument = z.looseObject({
  version: z.literal(8),
  sources: z.record(z.string(), z.unknown()),
  layers: z.array(z.unknown()),
})

/**
 * The style to draw with: the fetched document, or `local` (the caller draws
 * `createLocalMapStyle` around the player) and why.
 */
export type ResolvedMapStyle = { source: 'remote'; url: string; style: StyleSpecification } | { source: 'local'; reason: string }

/** Options of {@link resolveMapStyle}. */
export interface ResolveMapStyleOptions {
  /** The configured style URL; `null` skips the probe (offline by configuration). */
  url: string | null
  /** Give up on the remote style after this long, ms. */
  timeoutMs?: number
  /** Injected for tests; defaults to the global `fetch`. */
  fetch?: typeof globalThis.fetch
}

/**
 * Pick the map style: the configured style document when it can be fetched
 * within `timeoutMs`, otherwise the built-in offline style, so drops and the
 * player's position always render. With no URL configured it answers `local`
 * without touching the network. The fetched document is handed to
 * MapLibre as an object, which saves a second request; its tiles may still
 * fail later on a flaky connection, but the markers stay on screen.
 *
 * @example
 * ```ts
 * const resolved = await resolveMapStyle({ url: DEFAULT_MAP_STYLE_URL })
 * new Map({ container, style: resolved.source === 'remote' ? resolved.style : createLocalMapStyle(center) })
 * ```
 */
export async function resolveMapStyle(options: ResolveMapStyleOptions): Promise<ResolvedMapStyle> {
  const { url, timeoutMs = DEFAULT_STYLE_TIMEOUT_MS, fetch = globalThis.fetch } = options
  const local = (reason: string): ResolvedMapStyle => ({ source: 'local', reason })
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
