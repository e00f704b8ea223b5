import { databasePaths, type PublicDrop, spawnWindowOf, WATCH_CELL_PRECISION } from '@worldmap/game'
import type { Database } from 'firebase-admin/database'
import { dropsForCell, type SpawnOptions } from '../spawning/dropsForCell.js'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'

/**
 * Spawn the current window's drops of `spawnCells`, each cell once per
 * window, and resolve how many cells this call spawned.
 *
 * Per cell, a create-only transaction on `/spawned/{window}/{cell}` elects
 * one spawner; only the winners' drops are written, in one multi-path
 * update of their public records under `/drops/{window}/{watchCell}`. So a
 * drop collected (and deleted) a moment ago is never written back by a late
 * spawner, and re-asking in the same window writes nothing. If the process
 * dies between the marker and the write, that cell stays empty until the
 * next window: lost fun, never a duplicate.
 *
 * Each cell's marker and drops go to its region's instance
 * (`databases.ofCell`); near a region boundary the write is one multi-path
 * update per instance.
 *
 * @example
 * ```ts
 * const spawned = await spawnDropsInDatabase(db, spawnAreaOf(request.data).spawnCells, Date.now(), { seed })
 * ```
 */
export async function spawnDropsInDatabase(
  databases: Databases,
  spawnCells: readonly string[],
  now: number,
  options: SpawnOptions,
): Promise<number> {
  const { ofCell } = gameDatabasesOf(databases)
  const window = spawnWindowOf(now).index
  const won = await Promise.all(
    spawnCells.map(async (cell) => {
      const last = { created: false }
      await ofCell(cell)
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
  const updates = new Map<Database, Record<string, PublicDrop>>()
  for (const cell of won) {
    if (cell === null) continue
    const database = ofCell(cell)
    const instanceUpdates = updates.get(database) ?? {}
    updates.set(database, instanceUpdates)
    for (const { id, spawnedAt: _, ...record } of dropsForCell(cell, now, options)) {
      instanceUpdates[databasePaths.drop(window, cell.slice(0, WATCH_CELL_PRECISION), id)] = record
    }
  }
  await Promise.all([...updates].map(([database, instanceUpdates]) => database.ref().update(instanceUpdates)))
  return won.filter((cell) => cell !== null).length
}
