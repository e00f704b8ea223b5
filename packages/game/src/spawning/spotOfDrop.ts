import { parseDropId } from '../drops/dropId.js'
import { spawnWindowOf } from '../drops/spawnWindow.js'
import { spawnDayOf } from './spawnDayOf.js'

/** A public drop's spot: where it stands all UTC day `day`, as `/spotFinds/{day}/{uid}/{key}` names it. */
export interface DropSpot {
  /** The UTC day (days since 1970-01-01) of the drop's spawn window. */
  day: number
  /** `{cell}_{index}`: the same for every window's drop at this spot that day. */
  key: string
}

/**
 * The spot of a public drop, from its id alone, or `null` for anything else
 * (a streak reward, a malformed id). A player finds each spot once a UTC
 * day: the server keeps that in `/spotFinds/{day}/{uid}/{key}`, and the map
 * hides the later windows' drops on a spot already found.
 *
 * @example
 * ```ts
 * spotOfDrop('w21z73t_986211_3') // { day: 20546, key: 'w21z73t_3' }
 * spotOfDrop('streak_997460_0123456789ab') // null
 * ```
 */
export function spotOfDrop(dropId: string): DropSpot | null {
  const address = parseDropId(dropId)
  return address && { day: spawnDayOf(address.window), key: `${address.cell}_${address.index}` }
}

/**
 * The UTC spawn day at `time` (ms), the day whose spots a player may find now.
 *
 * @example
 * ```ts
 * spotDayAt(Date.UTC(2025, 10, 26, 9)) // 20418
 * ```
 */
export function spotDayAt(time: number): number {
  return spawnDayOf(spawnWindowOf(time).index)
}
