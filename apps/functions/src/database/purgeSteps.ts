import type { Database } from 'firebase-admin/database'

/** How far back a first run (no bookmark yet) looks: a day of windows. */
export const FIRST_RUN_WINDOWS = 48
/** A run catches up at most two days of windows; the next run goes on from its bookmark. */
const MAX_WINDOWS_PER_RUN = 96
/** Paths per multi-path delete: small writes keep the database responsive for players. */
export const DELETE_BATCH = 500

/** Where each purge step got to on an instance (`/meta/purge`): the last window, day or week it finished. */
export interface PurgeBookmark {
  drops?: unknown
  claims?: unknown
  leaderboards?: unknown
  days?: unknown
  crowd?: unknown
}

/** Delete the children of `path` {@link DELETE_BATCH} at a time (first keys first), so no single write is huge. */
export async function deleteInBatches(database: Database, path: string): Promise<void> {
  for (;;) {
    const snapshot = await database.ref(path).orderByKey().limitToFirst(DELETE_BATCH).once('value')
    const keys: string[] = []
    snapshot.forEach((child) => {
      if (child.key) keys.push(child.key)
    })
    if (keys.length === 0) return
    await database.ref(path).update(Object.fromEntries(keys.map((key) => [key, null])))
    if (keys.length < DELETE_BATCH) return
  }
}

/** The purge's bookmarks on `database`. */
export async function readBookmark(database: Database): Promise<PurgeBookmark> {
  return ((await database.ref('meta/purge').once('value')).val() ?? {}) as PurgeBookmark
}

/**
 * The windows (or weeks) after `bookmark` up to `last`: `firstRun` of them
 * when there is no bookmark yet, at most two days' worth of windows per run.
 */
export function pending(bookmark: unknown, last: number, firstRun = FIRST_RUN_WINDOWS): number[] {
  const from = typeof bookmark === 'number' && Number.isInteger(bookmark) ? bookmark + 1 : last - firstRun + 1
  const keys: number[] = []
  for (let key = from; key <= Math.min(last, from + MAX_WINDOWS_PER_RUN - 1); key++) keys.push(key)
  return keys
}
