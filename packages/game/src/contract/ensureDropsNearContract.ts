import * as z from 'zod/mini'
import { WATCH_CELL_ID_PATTERN } from '../geo/cellOf.js'
import type { CallableContract, RefusalOf } from './callableContract.js'

/** A finite latitude/longitude pair in decimal degrees (`z.number()` refuses ±Infinity and NaN). */
export const locationSchema = z.object({
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
})

/**
 * `ensureDropsNear({ lat, lng })`: spawn this window's drops around the
 * player and name the watch cells to read (docs/data-model.md).
 * The app words the refusals that lift with time as a spawn notice
 * (`SpawnRefusedError`); for the others the map says its drops could not load.
 *
 * @example
 * ```ts
 * const reply = ensureDropsNearContract.reply.safeParse(data)
 * if (reply.success) reply.data.cells // the 9 watch cells around the player
 * ```
 */
export const ensureDropsNearContract = {
  name: 'ensureDropsNear',
  request: locationSchema,
  reply: z.object({
    /** The current spawn window (the first key of `/drops/{window}/{watchCell}`). */
    window: z.int().check(z.nonnegative()),
    /** When the window ends, ms: ask again then. */
    expiresAt: z.number(),
    /** The watch cells around the caller, to read at `/drops/{window}/{cell}`. */
    cells: z.array(z.string().check(z.regex(WATCH_CELL_ID_PATTERN))),
    /** How many spawn cells this call spawned (0 when they were spawned already). */
    spawned: z.int().check(z.nonnegative()),
    /**
     * The server's clock when it answered, ms: the app's game clock learns the
     * server's time from it (a phone hours off reads the server's window at
     * once, before the database's handshake). Optional: an older server's
     * reply has none.
     */
    serverTime: z.optional(z.int().check(z.nonnegative())),
  }),
  refusals: ['unauthenticated', 'invalid_location', 'invalid_cell', 'impossible_travel', 'rate_limited', 'area_asleep'],
} as const satisfies CallableContract

/** `ensureDropsNear`'s data. */
export type EnsureDropsNearRequest = z.infer<typeof ensureDropsNearContract.request>
/** `ensureDropsNear`'s reply. */
export type EnsureDropsNearReply = z.infer<typeof ensureDropsNearContract.reply>
/** The refusal codes `ensureDropsNear` can send. */
export type EnsureDropsNearRefusal = RefusalOf<typeof ensureDropsNearContract>
