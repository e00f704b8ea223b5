import { databasePaths, type PublicDrop, spawnWindowOf } from '@worldmap/game'
import { dropsForWatchCells, type SpawnOptions } from '@worldmap/game/server'
import type { Database } from 'firebase-admin/database'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'

/**
 * Spawn the current window's drops of `watchCells` (the unit a client reads:
 * 32 spawn cells each, see the spawn rule, `dropsForWatchCells`), each watch
 * cell once per window, and resolve how many watch cells this call spawned.
 *
 * Per watch cell, a create-only transaction on `/spawned/{window}/{watchCell}` elects
 * one spawner; only the winners' drops are written, in one multi-path
 * update of their public records under `/drops/{window}/{watchCell}`. So a
 * drop collected (and deleted) a moment ago is never written back by a late
 * spawner, and re-asking in the same window writes nothing. If the process
 * dies between the marker and the write, that watch cell stays empty until
 * the next window: lost fun, never a duplicate.
 *
 * Each watch cell's marker and drops go to its region's instance
 * (`databases.ofCell`); near a region boundary the write is one multi-path
 * update per instance.
 *
 * @example
 * ```ts
 * const spawned = await spawnDropsInDatabase(db, spawnAreaOf(request.data).watchCells, Date.now(), { seed })
 * ```
 */
export async function spawnDropsInDatabase(
  databases: Databases,
  watchCells: readonly string[],
  now: number,
  options: SpawnOptions,
): Promise<number> {
  const { ofCell } = gameDatabasesOf(databases)
  const window = spawnWindowOf(now).index
  const won = await Promise.all(
    watchCells.map(async (cell) => {
      const last = { created: false }
      await ofCell(cell, window)
        .ref(databasePaths.spawnedCell(window, cell))
        .transaction(
          (current: unknown) => {
            // Never abort on a guess: propose the marker or write the existing one back.
            last.created = current === null
            return current === null ? now : current
          },
          undefined,
          false,
        )
      return last.created ? cell : null
    }),
  )
  const spawned = won.filter((cell) => cell !== null)
  const updates = new Map<Database, Record<string, PublicDrop>>()
  for (const [watchCell, drops] of dropsForWatchCells(spawned, now, options)) {
    const database = ofCell(watchCell, window)
    const instanceUpdates = updates.get(database) ?? {}
    updates.set(database, instanceUpdates)
    for (const { id, spawnedAt: _, ...record } of drops) instanceUpdates[databasePaths.drop(window, watchCell, id)] = record
  }
  await Promise.all([...updates].map(([database, instanceUpdates]) => database.ref().update(instanceUpdates)))
  return spawned.length
}
