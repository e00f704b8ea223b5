import {
  COLLECT_REACH_METERS,
  distanceInMeters,
  type InventoryItem,
  MAX_ACCURACY_BONUS_METERS,
  MAX_ACCURACY_METERS,
  type MapDrop,
  parseDropId,
  parseStreakDropId,
  spawnWindowOf,
} from '@worldmap/game'
import { z } from 'zod'
import { DropExpiredError } from '../refusals/DropExpiredError.js'
import { DropNotFoundError } from '../refusals/DropNotFoundError.js'
import { InvalidLocationError } from '../refusals/InvalidLocationError.js'
import { LocationTooInaccurateError } from '../refusals/LocationTooInaccurateError.js'
import { NotVerifiedError } from '../refusals/NotVerifiedError.js'
import { OutOfReachError } from '../refusals/OutOfReachError.js'
import { UnauthenticatedError } from '../refusals/UnauthenticatedError.js'

export { COLLECT_REACH_METERS, MAX_ACCURACY_BONUS_METERS, MAX_ACCURACY_METERS }

const collectInputSchema = z.object({
  dropId: z.string().max(64),
  lat: z.number().finite().min(-90).max(90),
  lng: z.number().finite().min(-180).max(180),
  accuracy: z.number().finite().min(0),
})

/** What the `collectDrop` callable receives (`uid` from `request.auth`, the rest from `request.data`). */
export interface CollectInput {
  uid: string | null | undefined
  dropId: unknown
  lat: unknown
  lng: unknown
  accuracy: unknown
}

/** What the server read before planning. */
export interface CollectContext {
  /** Server time, ms. */
  now: number
  /** The drop's public record plus its id, or `null` when there is none. */
  drop: MapDrop | null
  /** `verifiedLevel` from `/profiles/{uid}`, or `null` when not verified. */
  verifiedLevel: string | null
}

/** A granted collection: claim the drop, then write `item` at `/inventories/{uid}/{itemId}`. */
export interface CollectPlan {
  ok: true
  /** The inventory key; the drop id, since a drop is collected once, ever. */
  itemId: string
  /** Distance from the player to the drop, metres. */
  distance: number
  item: InventoryItem
}

/**
 * Decide whether `uid` may collect a drop from where it stands. Pure: the
 * caller reads the drop's public record and the profile's `verifiedLevel`;
 * who else may have claimed it is the claim transaction's business. Checks
 * run in this order: signed in, input, verified human, drop exists (and its
 * window has begun), not expired, accuracy ≤ 100 m, distance ≤ 50 m +
 * min(accuracy, 25 m).
 *
 * @throws {UnauthenticatedError} no `uid`.
 * @throws {InvalidLocationError} malformed `lat`, `lng` or `accuracy`.
 * @throws {DropNotFoundError} malformed `dropId` (neither a public drop's nor a streak reward's), no such drop, or not spawned yet.
 * @throws {NotVerifiedError} no `verifiedLevel` on the profile.
 * @throws {DropExpiredError} `now ≥ expiresAt`.
 * @throws {LocationTooInaccurateError} `accuracy > 100`.
 * @throws {OutOfReachError} too far; carries the distance.
 *
 * @example
 * ```ts
 * const plan = planCollect(
 *   { uid, dropId, lat: 1.3521, lng: 103.8198, accuracy: 12 },
 *   { now: Date.now(), drop, verifiedLevel: 'orb' },
 * )
 * plan.item // { kind, rarity, dropId, lat, lng, collectedAt }
 * ```
 */
export function planCollect(input: CollectInput, context: CollectContext): CollectPlan {
  if (typeof input.uid !== 'string' || input.uid.length === 0) throw new UnauthenticatedError()
  const parsed = collectInputSchema.safeParse(input)
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.'))
    if (fields.includes('dropId')) throw new DropNotFoundError({ details: 'malformed drop id' })
    throw new InvalidLocationError({ details: fields.join(', ') })
  }
  const { dropId, lat, lng, accuracy } = parsed.data
  const address = parseDropId(dropId)
  // A streak reward's id names the last window of its life, so only a public drop's can be "not spawned yet".
  if (!address && !parseStreakDropId(dropId)) throw new DropNotFoundError({ details: 'malformed drop id' })
  if (!context.verifiedLevel) throw new NotVerifiedError()
  const { drop, now } = context
  if (drop === null || drop.id !== dropId || (address && address.window > spawnWindowOf(now).index)) {
    throw new DropNotFoundError()
  }
  if (now >= drop.expiresAt) throw new DropExpiredError()
  if (accuracy > MAX_ACCURACY_METERS) {
    throw new LocationTooInaccurateError({ metaMessages: [`Accuracy: ${accuracy} m`, `Required: ≤ ${MAX_ACCURACY_METERS} m`] })
  }
  const distance = distanceInMeters({ lat, lng }, drop)
  const reach = COLLECT_REACH_METERS + Math.min(accuracy, MAX_ACCURACY_BONUS_METERS)
  if (distance > reach) throw new OutOfReachError({ distance, reach })
  return {
    ok: true,
    itemId: drop.id,
    distance,
    item: { kind: drop.kind, rarity: drop.rarity, dropId: drop.id, lat: drop.lat, lng: drop.lng, collectedAt: now },
  }
}
