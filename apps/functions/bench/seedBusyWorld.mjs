import { cellOf, DROP_KINDS, databasePaths, formatDropId, RARITIES, WATCH_CELL_PRECISION } from '@worldmap/game'

/** Busy places far from the city under test, where the rest of the world's drops go. */
export const CITIES = [
  { name: 'Tokyo', lat: 35.6812, lng: 139.7671 },
  { name: 'Jakarta', lat: -6.1754, lng: 106.8272 },
  { name: 'Bangkok', lat: 13.7563, lng: 100.5018 },
  { name: 'Manila', lat: 14.5995, lng: 120.9842 },
  { name: 'Seoul', lat: 37.5665, lng: 126.978 },
  { name: 'Mumbai', lat: 19.076, lng: 72.8777 },
  { name: 'Delhi', lat: 28.6139, lng: 77.209 },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093 },
  { name: 'Paris', lat: 48.8566, lng: 2.3522 },
  { name: 'London', lat: 51.5072, lng: -0.1276 },
  { name: 'New York', lat: 40.7128, lng: -74.006 },
  { name: 'São Paulo', lat: -23.5505, lng: -46.6333 },
  { name: 'Lagos', lat: 6.5244, lng: 3.3792 },
  { name: 'Cairo', lat: 30.0444, lng: 31.2357 },
  { name: 'Mexico City', lat: 19.4326, lng: -99.1332 },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437 },
  { name: 'Istanbul', lat: 41.0082, lng: 28.9784 },
  { name: 'Berlin', lat: 52.52, lng: 13.405 },
  { name: 'Nairobi', lat: -1.2921, lng: 36.8219 },
  { name: 'Buenos Aires', lat: -34.6037, lng: -58.3816 },
]

/** Drops are scattered over a disc this wide around each city, metres (~2–3 drops per spawn cell). */
const CITY_RADIUS_METERS = 4_000
const M_PER_DEG = 111_195

/**
 * Fill the rest of the world: write `count` public drops of the current
 * spawn window into watch cells of 20 cities far away (Tokyo, Paris, …), in
 * the public layout (`/drops/{window}/{watchCell}/{dropId}`, valid drop ids),
 * with the Admin SDK in multi-path updates of about `batchSize` drops. No
 * drop lands in `avoidCells` (the watch cells of the spot whose map-open
 * bytes are compared), nor in a city named in `skipCities` (one where
 * players play). `places` replaces the 20 cities (a few drops somewhere in
 * particular).
 *
 * Each watch cell goes to the instance the region router names for it
 * (`route`), one batch stream per instance, as the functions would write it;
 * `byInstance` counts the drops each instance got.
 *
 * Each path of a batch is a whole watch cell (`/drops/{window}/{watchCell}`):
 * those cells are new, so this is the same data as one path per drop, and the
 * local database stand-in applies it in a fraction of the time (it copies a
 * path's siblings once per path).
 *
 * @param {(watchCell: string) => { key: string, database: import('firebase-admin/database').Database }} route
 *   The instance holding a watch cell: `key` names it in `byInstance` (its URL).
 * @param {{ window: number, expiresAt: number, count: number, batchSize?: number, avoidCells: Set<string>,
 *   skipCities?: Set<string>, places?: { name: string, lat: number, lng: number }[], random: () => number }} options
 * @returns {Promise<{ drops: number, watchCells: number, batches: number, ms: number, cities: string[],
 *   byInstance: Record<string, number>, sample: { id: string, lat: number, lng: number }[] }>}
 *   `sample`: one drop of each of the first 40 cells.
 * @example
 * ```js
 * const route = (cell) => ({ key: databases.instanceOfCell(cell), database: databases.ofCell(cell) })
 * await seedBusyWorld(route, { window, expiresAt, count: 100_000, avoidCells: new Set(watchCellsAround(lat, lng)), random })
 * ```
 */
export async function seedBusyWorld(route, options) {
  const { window, expiresAt, count, batchSize = 5_000, avoidCells, skipCities, random } = options
  const started = performance.now()
  const cities = (options.places ?? CITIES).filter((city) => !skipCities?.has(city.name))
  if (cities.length === 0) throw new Error('seedBusyWorld: every city is skipped')
  /** @type {Map<string, number>} spawn cell → next index */
  const nextIndex = new Map()
  /** @type {Map<string, Record<string, object>>} watch cell → its drops */
  const cells = new Map()
  let placed = 0
  while (placed < count) {
    const city = /** @type {(typeof CITIES)[number]} */ (cities[placed % cities.length])
    const distance = CITY_RADIUS_METERS * Math.sqrt(random())
    const heading = random() * 2 * Math.PI
    const lat = city.lat + (distance * Math.cos(heading)) / M_PER_DEG
    const lng = city.lng + (distance * Math.sin(heading)) / (M_PER_DEG * Math.cos((city.lat * Math.PI) / 180))
    const cell = cellOf(lat, lng)
    const watchCell = cell.slice(0, WATCH_CELL_PRECISION)
    const index = nextIndex.get(cell) ?? 0
    // Drop ids allow two-digit indexes; a full cell (never, at this density) is skipped.
    if (avoidCells.has(watchCell) || index > 99) continue
    nextIndex.set(cell, index + 1)
    const drops = cells.get(watchCell) ?? {}
    cells.set(watchCell, drops)
    drops[formatDropId({ cell, window, index })] = {
      lat,
      lng,
      kind: DROP_KINDS[Math.floor(random() * DROP_KINDS.length)],
      rarity: RARITIES[Math.min(RARITIES.length - 1, Math.floor(-Math.log2(random() + 1e-9) / 1.5))],
      expiresAt,
    }
    placed += 1
  }

  /** @type {Map<string, { database: import('firebase-admin/database').Database, paths: Record<string, object>, drops: number }>} */
  const batches = new Map()
  /** @type {Record<string, number>} */
  const byInstance = {}
  let written = 0
  const flush = async (/** @type {string} */ key) => {
    const batch = batches.get(key)
    if (!batch || batch.drops === 0) return
    await batch.database.ref().update(batch.paths)
    written += 1
    batch.paths = {}
    batch.drops = 0
  }
  for (const [watchCell, drops] of cells) {
    const { key, database } = route(watchCell)
    const batch = batches.get(key) ?? { database, paths: {}, drops: 0 }
    batches.set(key, batch)
    const size = Object.keys(drops).length
    batch.paths[databasePaths.dropsCell(window, watchCell)] = drops
    batch.drops += size
    byInstance[key] = (byInstance[key] ?? 0) + size
    if (batch.drops >= batchSize) await flush(key)
  }
  for (const key of batches.keys()) await flush(key)
  // A few drops from different cells, for measurements that need live drops nobody is near.
  const sample = [...cells.values()].slice(0, 40).map((drops) => {
    const [id, drop] = /** @type {[string, any]} */ (Object.entries(drops)[0])
    return { id, lat: drop.lat, lng: drop.lng }
  })
  return {
    drops: placed,
    watchCells: cells.size,
    batches: written,
    ms: Math.round(performance.now() - started),
    cities: cities.map((city) => city.name),
    byInstance,
    sample,
  }
}
