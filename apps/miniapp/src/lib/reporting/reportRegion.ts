/**
 * The longest a report's region is, in geohash characters: a 5-character
 * cell is about 4.9 × 4.9 km, a district, never a street. A region key of
 * the table longer than this is cut to it.
 */
export const REPORT_REGION_MAX_LENGTH = 5

/** A report's region: `main` (no region of the table), or a region key of at most {@link REPORT_REGION_MAX_LENGTH} geohash characters. */
export const REPORT_REGION_PATTERN = /^(?:main|[0-9b-hjkmnp-z]{1,5})$/

let current: string | undefined

/**
 * The region a cell's data is routed to, for a report: the longest key of
 * the region table (`databaseRegions`, `prefix → instance`) the cell starts
 * with, cut to {@link REPORT_REGION_MAX_LENGTH} characters, or `main` when
 * none does (the main instance holds it). Never more of the cell than the
 * table's key: the cell itself, a position to ~150 m, never leaves.
 *
 * @example
 * ```ts
 * reportRegionOf('w21z7kq', { w21: 'https://wm-sea-1…', qqgu: 'https://wm-jkt-1…' }) // 'w21'
 * reportRegionOf('u4pruyd', { w21: 'https://wm-sea-1…' }) // 'main'
 * ```
 */
export function reportRegionOf(cell: string, regions: Readonly<Record<string, string>>): string {
  let key = ''
  for (const prefix of Object.keys(regions)) if (prefix.length > key.length && cell.startsWith(prefix)) key = prefix
  return key ? key.slice(0, REPORT_REGION_MAX_LENGTH) : 'main'
}

/**
 * Say which region the page reads now (the map's centre, `reportRegionOf`):
 * every later report carries it, so ops can tell which region is failing.
 *
 * @example
 * ```ts
 * setReportRegion(reportRegionOf(cellOf(center.lat, center.lng), config.firebase.databaseRegions))
 * ```
 */
export function setReportRegion(region: string | undefined): void {
  current = region !== undefined && REPORT_REGION_PATTERN.test(region) ? region : undefined
}

/** The region reports carry now (see {@link setReportRegion}), if the page has one. */
export function reportRegion(): string | undefined {
  return current
}
