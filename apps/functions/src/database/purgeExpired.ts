import { spawnWindowOf, WATCH_CELL_PRECISION } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { awardClaim } from './awardClaim.js'
import { claimSchema } from './claimSchema.js'

/** How far back a first run (no bookmark yet) looks: a day of windows. */
const FIRST_RUN_WINDOWS = 48
/** A run catches up at most two days of windows; the next run goes on from its bookmark. */
const MAX_WINDOWS_PER_RUN = 96
/** Paths per multi-path delete: small writes keep the database responsive for players. */
const DELETE_BATCH = 500

/** What one purge did. */
export interface PurgeReport {
  /** Windows whose public drops and spawn markers were deleted. */
  dropWindows: number[]
  /** Watch cells deleted across those windows. */
  watchCells: number
  /** Windows whose claims were deleted. */
  claimWindows: number[]
  /** Undelivered claims that were delivered before their window was deleted. */
  recovered: number
  /** Malformed claims moved to `/quarantine/claims` for a human to look at (logged by the caller). */
  malformedClaims: string[]
}

/**
 * Delete what has expired, without ever scanning the world:
 *
 * - **public drops**: for every window that has ended (`window < current`),
 *   the watch cells its spawn markers name (`/spawned/{window}`) are deleted
 *   in batches, then the window's branches; collected drops are already gone;
 * - **claims**: for every window that ended more than one window ago (no
 *   collect of it can still be in flight), undelivered claims are first
 *   delivered (`awardClaim`: a function that died between claim and award
 *   loses nothing), then the window's claims are deleted.
 *
 * Progress is bookmarked in `/meta/purge` (`{drops, claims}`: the last window
 * done), so each run handles only new windows; a run that dies half-way is
 * simply repeated (every step is idempotent).
 *
 * @example
 * ```ts
 * export const purge = onSchedule({ schedule: 'every 10 minutes', region }, () => purgeExpired(getDatabase(), Date.now()))
 * ```
 */
export async function purgeExpired(database: Database, now: number): Promise<PurgeReport> {
  const current = spawnWindowOf(now).index
  const bookmark = ((await database.ref('meta/purge').once('value')).val() ?? {}) as { drops?: unknown; claims?: unknown }
  const report: PurgeReport = { dropWindows: [], watchCells: 0, claimWindows: [], recovered: 0, malformedClaims: [] }

  for (const window of pending(bookmark.drops, current - 1)) {
    const markers = ((await database.ref(`spawned/${window}`).once('value')).val() ?? {}) as Record<string, unknown>
    const watchCells = [...new Set(Object.keys(markers).map((cell) => cell.slice(0, WATCH_CELL_PRECISION)))]
    for (let start = 0; start < watchCells.length; start += DELETE_BATCH) {
      const batch = watchCells.slice(start, start + DELETE_BATCH)
      await database.ref().update(Object.fromEntries(batch.map((cell) => [`drops/${window}/${cell}`, null])))
    }
    // Whatever is left (a cell written without a marker) goes with the branch, now small.
    await database.ref().update({ [`drops/${window}`]: null, [`spawned/${window}`]: null, 'meta/purge/drops': window })
    report.dropWindows.push(window)
    report.watchCells += watchCells.length
  }

  for (const window of pending(bookmark.claims, current - 2)) {
    const claims = ((await database.ref(`claims/${window}`).once('value')).val() ?? {}) as Record<string, unknown>
    const quarantine: Record<string, unknown> = {}
    for (const [dropId, value] of Object.entries(claims)) {
      const parsed = claimSchema.safeParse(value)
      if (!parsed.success) {
        quarantine[`quarantine/claims/${window}/${dropId}`] = value
        report.malformedClaims.push(`claims/${window}/${dropId}`)
        continue
      }
      if (parsed.data.delivered) continue
      await awardClaim(database, dropId, parsed.data, now)
      report.recovered += 1
    }
    // A claim we cannot read is kept for a human (and reported), never deleted with its evidence.
    await database.ref().update({ ...quarantine, [`claims/${window}`]: null, 'meta/purge/claims': window })
    report.claimWindows.push(window)
  }
  return report
}

/** The windows after `bookmark` up to `last`: a day's worth on a first run, at most two days' per run. */
function pending(bookmark: unknown, last: number): number[] {
  const from = typeof bookmark === 'number' && Number.isInteger(bookmark) ? bookmark + 1 : last - FIRST_RUN_WINDOWS + 1
  const windows: number[] = []
  for (let window = from; window <= Math.min(last, from + MAX_WINDOWS_PER_RUN - 1); window++) windows.push(window)
  return windows
}
