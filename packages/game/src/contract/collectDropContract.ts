import * as z from 'zod/mini'
import { DROP_KINDS } from '../drops/dropKinds.js'
import { RARITIES } from '../drops/rarities.js'
import { isValidTimeZone, MAX_TIME_ZONE_LENGTH } from '../time/isValidTimeZone.js'
import type { CallableContract, RefusalOf, Sent } from './callableContract.js'

/** An optional reply field: a malformed one reads as missing, never as a failed collect (the item is already the player's). */
const lenient = <schema extends z.core.SomeType>(schema: schema) => z.catch(z.optional(schema), undefined)
const count = z.int().check(z.nonnegative())

/**
 * `collectDrop({ dropId, lat, lng, accuracy, timeZone? })`: a verified human
 * within reach takes a live drop, once, ever. The request holds types and a
 * safe key only (ranges and their typed refusals are the server's rules).
 * The reply is read tolerantly: only `itemId` and `distance` are required,
 * the catch details degrade to an ordinary find (an older server does not
 * send them). The app words each refusal by its code (`CollectDropError`).
 *
 * @example
 * ```ts
 * const data = collectDropContract.request.safeParse(request.data) // on the server
 * const reply = collectDropContract.reply.safeParse(answer) // in the app
 * ```
 */
export const collectDropContract = {
  name: 'collectDrop',
  request: z.object({
    // The exact id shape (`{cell}_{window}_{index}`) is checked by the server,
    // which answers `drop_not_found`; this only keeps junk out.
    dropId: z.string().check(z.minLength(1), z.maxLength(64)),
    lat: z.number(),
    lng: z.number(),
    /** Reported GPS accuracy, metres. */
    accuracy: z.number(),
    /** The device's IANA zone, to count days in (the daily streak); optional for older apps. */
    timeZone: z.optional(
      z.string().check(
        z.maxLength(MAX_TIME_ZONE_LENGTH),
        z.refine((value) => isValidTimeZone(value), 'not a known IANA time zone'),
      ),
    ),
  }),
  reply: z.object({
    /** Inventory key of the new item: the drop id. */
    itemId: z.string(),
    /** Server-measured distance to the drop, metres. */
    distance: z.number(),
    /** What was collected. */
    item: lenient(z.object({ kind: z.enum(DROP_KINDS), rarity: z.enum(RARITIES) })),
    /** The player's first of this kind and rarity. */
    firstFind: lenient(z.boolean()),
    /** How many of this kind and rarity the player has now, this one included. */
    count: lenient(z.int().check(z.positive())),
    /** Weekly leaderboard points this find earned (0 when not ranked). */
    points: lenient(count),
    /** Daily progress as of now (`viewProgress`). */
    progress: lenient(
      z.object({ today: count, goal: count, goalMet: z.boolean(), streak: count, best: count, keptToday: z.boolean() }),
    ),
    /**
     * The server's clock when it answered, ms: like `ensureDropsNear`'s, it keeps the app's game clock on
     * server time (the day the progress counts in, the next window) right after a catch.
     */
    serverTime: lenient(count),
  }),
  refusals: [
    'unauthenticated',
    'invalid_location',
    'invalid_request',
    'not_verified',
    'drop_not_found',
    'already_collected',
    'spot_already_found',
    'drop_expired',
    'location_too_inaccurate',
    'impossible_travel',
    'out_of_reach',
    'rate_limited',
  ],
} as const satisfies CallableContract

/** `collectDrop`'s data. */
export type CollectDropRequest = z.infer<typeof collectDropContract.request>
/** `collectDrop`'s reply as the app reads it (the catch details may be missing). */
export type CollectDropReply = z.infer<typeof collectDropContract.reply>
/** `collectDrop`'s reply as the server sends it: every field. */
export type CollectDropSent = Sent<CollectDropReply>
/** The refusal codes `collectDrop` can send. */
export type CollectDropRefusal = RefusalOf<typeof collectDropContract>
