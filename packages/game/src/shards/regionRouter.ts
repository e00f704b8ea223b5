import * as z from 'zod/mini'
import { parseDropId } from '../drops/dropId.js'
import { WATCH_CELL_PRECISION } from '../geo/cellOf.js'

/** More regional instances than this is a misconfiguration: docs/scale.md sizes 1M daily players at 6–10. */
export const MAX_REGION_DATABASES = 32

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * A region's prefix: 1 to {@link WATCH_CELL_PRECISION} geohash characters.
 * Never longer than a watch cell, so a spawn cell, the watch cell it is
 * stored under and every drop id spelling it out always route to the same
 * instance.
 */
const regionPrefixSchema = z.string().check(z.regex(/^[0-9b-hjkmnp-z]{1,6}$/, 'a region prefix is 1–6 geohash characters'))

/**
 * A database instance's URL: `https://…` (production:
 * `https://<instance>.<location>.firebasedatabase.app`), or `http://` to a
 * loopback host (a local stand-in, `http://127.0.0.1:9150/?ns=demo-worldmap-r1`).
 */
export const databaseUrlMiniSchema = z.string().check(
  z.refine((value) => {
    if (!URL.canParse(value)) return false
    const url = new URL(value)
    const scheme = url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))
    return scheme && !url.username && !url.password && !url.hash
  }, 'a database URL is https (http only for a loopback host)'),
)

const entrySchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((entry) => {
      const at = entry.indexOf('=')
      return at < 0 ? [entry.trim(), ''] : [entry.slice(0, at).trim(), entry.slice(at + 1).trim()]
    }),
  ),
  z.tuple([regionPrefixSchema, databaseUrlMiniSchema]),
)

/**
 * The region table as configured (`WORLDMAP_DATABASE_REGIONS` for the
 * functions, `PUBLIC_ENV__DATABASE_REGIONS` for the app; the same value in
 * both): comma-separated `prefix=url` pairs, a geohash prefix and the
 * database instance holding that region's drops, spawn markers and claims.
 * Empty means one instance holds everything. A prefix may appear once.
 *
 * In zod/mini, for the app, which validates its configuration on first load
 * (classic zod would add about 10 KiB gzip to it); `regionTableSchema` is
 * the same table for classic-zod callers (the functions' configuration).
 *
 * @example
 * ```ts
 * regionTableMiniSchema.parse('w2=https://wm-sea-1.asia-southeast1.firebasedatabase.app,qqg=https://wm-jkt-1.asia-southeast1.firebasedatabase.app')
 * // { w2: 'https://wm-sea-1…', qqg: 'https://wm-jkt-1…' }
 * ```
 */
export const regionTableMiniSchema = z.pipe(
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((value) => value.split(',').filter((part) => part.trim() !== '')),
    ),
    z.array(entrySchema).check(
      z.maxLength(MAX_REGION_DATABASES * 8),
      z.refine((entries) => new Set(entries.map(([prefix]) => prefix)).size === entries.length, 'a prefix appears twice'),
      z.refine(
        (entries) => new Set(entries.map(([, url]) => url)).size <= MAX_REGION_DATABASES,
        `at most ${MAX_REGION_DATABASES} database instances`,
      ),
    ),
  ),
  z.transform((entries): Readonly<Record<string, string>> => Object.fromEntries(entries)),
)

/**
 * A list of instance URLs (`WORLDMAP_DATABASE_PLAYERS`,
 * `WORLDMAP_DATABASE_LEADERBOARDS`; `PUBLIC_ENV__DATABASE_PLAYERS` for the
 * app): comma-separated, each once, https (http only to a loopback host),
 * at most {@link MAX_REGION_DATABASES}. Empty means main holds that data.
 *
 * @example
 * ```ts
 * instanceListMiniSchema.parse('https://wm-p1.firebasedatabase.app,https://wm-p2.firebasedatabase.app') // two URLs
 * ```
 */
export const instanceListMiniSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
  ),
  z.array(databaseUrlMiniSchema).check(
    z.maxLength(MAX_REGION_DATABASES, `at most ${MAX_REGION_DATABASES} database instances`),
    z.refine((urls) => new Set(urls).size === urls.length, 'an instance appears twice'),
  ),
)

/** Which database instance holds which region's data (see {@link createRegionRouter}). */
export interface RegionRouter {
  /** The main instance's key: player data, leaderboards, nonces and crowd counters, and every region without an entry. */
  readonly main: string
  /** Every instance that can hold regional data, the main one first, each once. */
  readonly instances: readonly string[]
  /** The instance holding a cell's drops, spawn markers and claims (any geohash: spawn or watch cell). */
  instanceOfCell(cell: string): string
  /** The instance holding a drop's record and claim, from its id alone; null for a malformed id. */
  instanceOfDrop(dropId: string): string | null
}

/**
 * Route regional data (drops, spawn markers, claims) to database instances
 * by the longest matching geohash prefix of the cell; anything unmatched
 * stays on `main`. The app and the functions route with the same table, so
 * the client listens where the functions write. Keys are whatever the
 * caller names instances by: URLs in the app, URLs and a `main` key in the
 * functions.
 *
 * Re-mapping a prefix is safe at a window boundary: regional data lives for
 * one spawn window (claims one more), so the old instance empties itself
 * through the purge (docs/scale.md, "Sharding by region").
 *
 * @example
 * ```ts
 * const router = createRegionRouter('https://wm-main.firebasedatabase.app', { w21: 'https://wm-sea-1.firebasedatabase.app' })
 * router.instanceOfCell('w21z73') // 'https://wm-sea-1.firebasedatabase.app'
 * router.instanceOfDrop('qqguwv2_986211_0') // 'https://wm-main.firebasedatabase.app'
 * ```
 */
export function createRegionRouter(main: string, regions: Readonly<Record<string, string>> = {}): RegionRouter {
  const table = new Map(Object.entries(regions))
  const longest = Math.min(WATCH_CELL_PRECISION, Math.max(0, ...[...table.keys()].map((prefix) => prefix.length)))
  const instanceOfCell = (cell: string): string => {
    for (let length = Math.min(longest, cell.length); length > 0; length--) {
      const instance = table.get(cell.slice(0, length))
      if (instance !== undefined) return instance
    }
    return main
  }
  return {
    main,
    instances: [...new Set([main, ...table.values()])],
    instanceOfCell,
    instanceOfDrop: (dropId) => {
      const address = parseDropId(dropId)
      return address ? instanceOfCell(address.cell) : null
    },
  }
}
