import type { Drop } from './dropSchema.js'
import { dropsForCell, type SpawnOptions } from './dropsForCell.js'
import { cellOf } from './geo/cellOf.js'
import { neighbourCells } from './geo/neighbourCells.js'
import { parseLocation } from './parseLocation.js'

/**
 * The drops that must exist around a player right now: those of the
 * player's cell and its (up to 8) neighbours in the current spawn window.
 * Deterministic, so the `ensureDropsNear` callable can write them with a
 * create-only transaction per drop (never overwriting a collected one) and
 * calling it again spawns nothing new.
 *
 * @throws {InvalidLocationError} when `location` is not a valid `{ lat, lng }`.
 *
 * @example
 * ```ts
 * const drops = ensureDropsNear(request.data, Date.now(), { seed })
 * ```
 */
export function ensureDropsNear(location: unknown, now: number, options: SpawnOptions): Drop[] {
  const { lat, lng } = parseLocation(location)
  const cell = cellOf(lat, lng)
  return [cell, ...neighbourCells(cell)].flatMap((cellId) => dropsForCell(cellId, now, options))
}
