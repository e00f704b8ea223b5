import { parseDropId } from '../drops/dropId.js'
import { type InventoryItem, inventoryItemSchema } from '../drops/inventoryItemSchema.js'
import { type MapDrop, publicDropSchema } from '../drops/publicDropSchema.js'
import { parseStreakDropId, streakDropSchema } from '../drops/streakDrop.js'

/** One collected item as the app lists it: the stored item plus its inventory key. */
export type InventoryEntry = InventoryItem & { id: string }

/** Spot keys are `{spawn cell}_{index}` (`spotOfDrop`); anything else under the node is skipped. */
const SPOT_KEY = /^[0-9b-hjkmnp-z]{7}_\d{1,2}$/

// A node's children, or none: the database is input like any other, and a
// missing node (`null`) or a stray scalar must read as empty, never throw.
const entriesOf = (stored: unknown): [string, unknown][] => (stored && typeof stored === 'object' ? Object.entries(stored) : [])

/**
 * Turn the raw `/inventories/{uid}` value into items, newest first. Each
 * entry is checked with `inventoryItemSchema`, the one the functions write
 * with; entries that do not parse are skipped (written by an older or newer
 * server), never shown half.
 *
 * @example
 * ```ts
 * readInventory({ a: { kind: 'gem', rarity: 'rare', dropId: 'd', lat: 1, lng: 2, collectedAt: 5 } })
 * // [{ id: 'a', kind: 'gem', rarity: 'rare', dropId: 'd', lat: 1, lng: 2, collectedAt: 5 }]
 * ```
 */
export function readInventory(stored: unknown): InventoryEntry[] {
  const items: InventoryEntry[] = []
  for (const [id, raw] of entriesOf(stored)) {
    const parsed = inventoryItemSchema.safeParse(raw)
    if (parsed.success) items.push({ id, ...parsed.data })
  }
  return items.sort((a, b) => b.collectedAt - a.collectedAt)
}

/**
 * Turn the value of one watch cell, `/drops/{window}/{watchCell}` =
 * `{ [dropId]: { lat, lng, kind, rarity, expiresAt } }`, into map drops.
 * Entries are checked with `publicDropSchema`, and the id must name this
 * very cell and window (`{spawnCell}_{window}_{index}`): the server finds a
 * drop by its id, so a drop filed anywhere else could never be collected.
 * Anything else is skipped, never thrown.
 *
 * @example
 * ```ts
 * readDropsCell({ w21z73t_997459_3: { lat: 1.2834, lng: 103.8607, kind: 'gem', rarity: 'rare', expiresAt } }, 997459, 'w21z73')
 * // [{ id: 'w21z73t_997459_3', lat: 1.2834, lng: 103.8607, kind: 'gem', rarity: 'rare', expiresAt }]
 * ```
 */
export function readDropsCell(stored: unknown, window: number, watchCell: string): MapDrop[] {
  const drops: MapDrop[] = []
  for (const [id, raw] of entriesOf(stored)) {
    const address = parseDropId(id)
    if (!address || address.window !== window || address.watchCell !== watchCell) continue
    const parsed = publicDropSchema.safeParse(raw)
    if (parsed.success) drops.push({ id, ...parsed.data })
  }
  return drops
}

/**
 * The player's streak rewards, `/streakDrops/{uid}` = `{ [dropId]: StreakDrop }`,
 * as map drops. Entries are checked with `streakDropSchema` and the id must
 * be a streak reward's (`parseStreakDropId`); anything else is skipped, never
 * thrown. Expired ones are kept: which are live depends on the caller's clock.
 *
 * @example
 * ```ts
 * readStreakDrops({ streak_997460_0123456789ab: { lat, lng, kind: 'gem', rarity: 'epic', expiresAt, streakDay: 7 } })
 * // [{ id: 'streak_997460_0123456789ab', lat, lng, kind: 'gem', rarity: 'epic', expiresAt, streakDay: 7 }]
 * ```
 */
export function readStreakDrops(stored: unknown): MapDrop[] {
  const drops: MapDrop[] = []
  for (const [id, raw] of entriesOf(stored)) {
    if (!parseStreakDropId(id)) continue
    const parsed = streakDropSchema.safeParse(raw)
    if (!parsed.success) continue
    // Field by field: a stored reward's extra fields never reach the map.
    const { lat, lng, kind, rarity, expiresAt, streakDay } = parsed.data
    drops.push({ id, lat, lng, kind, rarity, expiresAt, streakDay })
  }
  return drops
}

/**
 * The spots of `/spotFinds/{day}/{uid}` = `{ [spot]: dropId }`: its
 * well-formed keys. Never throws: a missing node is no spot found.
 *
 * @example
 * ```ts
 * readFoundSpots({ w21z73t_3: 'w21z73t_986211_3' }) // Set { 'w21z73t_3' }
 * ```
 */
export function readFoundSpots(stored: unknown): ReadonlySet<string> {
  return new Set(entriesOf(stored).flatMap(([key]) => (SPOT_KEY.test(key) ? [key] : [])))
}
