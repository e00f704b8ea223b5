import { z } from 'zod'
import type { Drop, DropKind, Rarity } from './dropSchema.js'
import { AlreadyCollectedError } from './errors/AlreadyCollectedError.js'
import { DropExpiredError } from './errors/DropExpiredError.js'
import { DropNotFoundError } from './errors/DropNotFoundError.js'
import { InvalidLocationError } from './errors/InvalidLocationError.js'
import { LocationTooInaccurateError } from './errors/LocationTooInaccurateError.js'
import { NotVerifiedError } from './errors/NotVerifiedError.js'
import { OutOfReachError } from './errors/OutOfReachError.js'
import { UnauthenticatedError } from './errors/UnauthenticatedError.js'
import { distanceInMeters } from './geo/distanceInMeters.js'

/** Base collection reach, metres (the map enables Collect within this). */
export const COLLECT_REACH_METERS = 50
/** At most this much of the reported GPS accuracy is added to the reach, metres. */
export const MAX_ACCURACY_BONUS_METERS = 25
/** Fixes less accurate than this are refused outright, metres. */
export const MAX_ACCURACY_METERS = 100

/** A valid Realtime Database key: not empty, none of `. # $ / [ ]`, bounded. */
const keySchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[^.#$/[\]]+$/)

const collectInputSchema = z.object({
  dropId: keySchema,
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

/** What the server read before planning (inside the transaction). */
export interface CollectContext {
  /** Server time, ms. */
  now: number
  /** The drop at `/drops/{dropId}`, or `null` when there is none. */
  drop: Drop | null
  /** `verifiedLevel` from `/profiles/{uid}`, or `null` when not verified. */
  verifiedLevel: string | null
  /** `collectedBy` of the drop: the uid that already collected it, or `null`. */
  alreadyCollectedBy: string | null
}

/** An item as stored at `/inventories/{uid}/{itemId}`. */
export interface InventoryItem {
  kind: DropKind
  rarity: Rarity
  dropId: string
  lat: number
  lng: number
  collectedAt: number
}

/** A granted collection: write `item` at `/inventories/{uid}/{itemId}`. */
export interface CollectPlan {
  ok: true
  /** The inventory key; the drop id, since a drop is collected once, ever. */
  itemId: string
  /** Distance from the player to the drop, metres. */
  distance: number
  item: InventoryItem
}

/**
 * Decide whether `uid` may collect a drop. Pure: the caller reads the drop,
 * the profile's `verifiedLevel` and the drop's `collectedBy`, and applies
 * the plan. Checks run in this order: signed in, input, verified human,
 * drop exists, not already collected, not expired, accuracy ≤ 100 m,
 * distance ≤ 50 m + min(accuracy, 25 m).
 *
 * Applying it in ONE transaction (next session, firebase-admin):
 * ```ts
 * const verifiedLevel = (await db.ref(`profiles/${uid}/verifiedLevel`).get()).val() ?? null
 * let plan: CollectPlan | undefined
 * const { committed, snapshot } = await db.ref(`drops/${dropId}`).transaction((current) => {
 *   // RTDB may first call this with null (cold cache): planCollect then throws
 *   // DropNotFoundError, so return `current` instead of throwing on that first pass.
 *   const drop = current === null ? null : dropSchema.parse({ id: dropId, ...current })
 *   plan = planCollect({ uid, ...data }, { now: Date.now(), drop, verifiedLevel, alreadyCollectedBy: current?.collectedBy ?? null })
 *   return { ...current, collectedBy: uid, collectedAt: plan.item.collectedAt } // the claim
 * })
 * // The claim on /drops/{id}/collectedBy is the single atomic "collected once, ever" step;
 * // then, keyed by dropId (idempotent on retry), one atomic multi-path update:
 * await db.ref().update({
 *   [`inventories/${uid}/${plan.itemId}`]: plan.item,
 *   [`profiles/${uid}/collected`]: ServerValue.increment(1),
 * })
 * ```
 * Never delete collected drops: the claim is what stops a second collection.
 *
 * @throws {UnauthenticatedError} no `uid`.
 * @throws {InvalidLocationError} malformed `lat`, `lng` or `accuracy`.
 * @throws {DropNotFoundError} malformed `dropId`, no such drop, or not spawned yet.
 * @throws {NotVerifiedError} no `verifiedLevel` on the profile.
 * @throws {AlreadyCollectedError} the drop has a collector (anyone, including `uid`).
 * @throws {DropExpiredError} `now ≥ expiresAt`.
 * @throws {LocationTooInaccurateError} `accuracy > 100`.
 * @throws {OutOfReachError} too far; carries the distance.
 *
 * @example
 * ```ts
 * const plan = planCollect(
 *   { uid, dropId, lat: 1.3521, lng: 103.8198, accuracy: 12 },
 *   { now: Date.now(), drop, verifiedLevel: 'orb', alreadyCollectedBy: null },
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
  if (!context.verifiedLevel) throw new NotVerifiedError()
  const { drop, now } = context
  if (drop === null || drop.id !== dropId || now < drop.spawnedAt) throw new DropNotFoundError()
  if (context.alreadyCollectedBy !== null) throw new AlreadyCollectedError()
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
