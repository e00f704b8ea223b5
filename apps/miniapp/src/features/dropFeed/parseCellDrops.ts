import { type MapDrop, parseDropId, publicDropSchema } from '@worldmap/game'

/** The watch cell a value was read from: `/drops/{window}/{watchCell}`. */
export interface DropsCell {
  window: number
  watchCell: string
}

/**
 * Turn the value of one watch cell, `/drops/{window}/{watchCell}` =
 * `{ [dropId]: { lat, lng, kind, rarity, expiresAt } }`, into map drops.
 * Entries are checked with `@worldmap/game`'s `publicDropSchema`, and the id
 * must name this very cell and window (`{spawnCell}_{window}_{index}`): the
 * server finds a drop by its id, so a drop filed anywhere else could never
 * be collected. Anything else is skipped, never thrown: the database is
 * input like any other.
 *
 * @example
 * ```ts
 * parseCellDrops({ w21z73t_997459_3: { lat: 1.2834, lng: 103.8607, kind: 'gem', rarity: 'rare', expiresAt } },
 *   { window: 997459, watchCell: 'w21z73' })
 * // [{ id: 'w21z73t_997459_3', lat: 1.2834, lng: 103.8607, kind: 'gem', rarity: 'rare', expiresAt }]
 * ```
 */
export function parseCellDrops(value: unknown, cell: DropsCell): MapDrop[] {
  const drops: MapDrop[] = []
  if (!value || typeof value !== 'object') return drops
  for (const [id, raw] of Object.entries(value)) {
    const address = parseDropId(id)
    if (!address || address.window !== cell.window || address.watchCell !== cell.watchCell) continue
    const parsed = publicDropSchema.safeParse(raw)
    if (parsed.success) drops.push({ id, ...parsed.data })
  }
  return drops
}
