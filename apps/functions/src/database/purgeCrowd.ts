import type { Database } from 'firebase-admin/database'
import { CROWD_LIMITS, crowdWindowOf } from '../spawning/crowdLimits.js'
import { crowdPaths } from './crowdPaths.js'
import { deleteInBatches, pending, readBookmark } from './purgeSteps.js'

/** The branches of one crowd window that can hold many children: each is deleted in batches first. */
const WIDE_BRANCHES = ['verify/accounts', 'signIn', 'spawn', 'spawnRegion'] as const

/**
 * Where crowd counters lived before they were kept per window (issue 22's
 * layout): nodes that were overwritten per window but never deleted, one per
 * account that ever called `verifyHuman`. A first run deletes them.
 */
const LEGACY_BRANCHES = [
  'crowd/verify/accounts',
  'crowd/verify/total',
  'crowd/signIn',
  'crowd/spawn/regions',
  'crowd/spawn/total',
]

/**
 * Delete the crowd counters of every window that has ended
 * (`/crowd/{window}`, `crowdPaths`), from the bookmark `meta/purge/crowd`
 * on: a crowd's counters outlive its window by one purge at most, so
 * storage comes back to its floor (nothing under `/crowd` but the current
 * window). Wide branches (a counter per account or per network) go in
 * batches, then the window as one small write with the bookmark. Resolves
 * the windows deleted.
 *
 * @example
 * ```ts
 * const windows = await purgeCrowd(main, Date.now())
 * ```
 */
export async function purgeCrowd(database: Database, now: number): Promise<number[]> {
  const bookmark = await readBookmark(database)
  if (bookmark.crowd === undefined) {
    for (const branch of LEGACY_BRANCHES) await deleteInBatches(database, branch)
    await database.ref().update(Object.fromEntries(LEGACY_BRANCHES.map((branch) => [branch, null])))
  }
  const windows: number[] = []
  for (const window of pending(bookmark.crowd, crowdWindowOf(now, CROWD_LIMITS).index - 1)) {
    for (const branch of WIDE_BRANCHES) await deleteInBatches(database, `${crowdPaths.window(window)}/${branch}`)
    await database.ref().update({ [crowdPaths.window(window)]: null, 'meta/purge/crowd': window })
    windows.push(window)
  }
  return windows
}
