/// <reference types="vite/client" />

/** The MapLibre GL module, as `import('maplibre-gl')` resolves. */
export type MapLibreModule = typeof import('maplibre-gl')

let loading: Promise<MapLibreModule> | undefined

/**
 * Load MapLibre GL on demand, so its ~250 KiB (gzip) never lands in another
 * page's bundle, and point it at its worker. MapLibre 6 finds its worker next
 * to its own module URL, which a bundler's hashed chunk breaks; `?url` makes
 * Vite emit the worker file as an asset and hands back its final URL.
 * Loaded once per page; a failed load (offline, chunk gone after a deploy)
 * is forgotten so the next call retries.
 *
 * @example
 * ```ts
 * const maplibre = await loadMapLibre()
 * const map = new maplibre.Map({ container, style })
 * ```
 */
export function loadMapLibre(): Promise<MapLibreModule> {
  loading ??= Promise.all([import('maplibre-gl'), import('maplibre-gl/dist/maplibre-gl-worker.mjs?url')]).then(
    ([maplibre, worker]) => {
      maplibre.setWorkerUrl(worker.default)
      return maplibre
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}
