import * as z from 'zod/mini'
import { MAX_TIME_ZONE_LENGTH } from '../time/isValidTimeZone.js'
import type { CallableContract, RefusalOf } from './callableContract.js'

/**
 * `syncNotifications({granted, optedOut?, timeZone?})`: what the app knows of
 * the streak-at-risk nudges — whether World App grants WorldMap notifications
 * (`getPermissions`), and the profile's switch when the player touched it
 * (left out: the server keeps its own) — for the signed-in player only (the
 * server files the caller's own wallet, never one named in the request).
 * `timeZone` is the device's zone, used only until the player's progress has
 * one. Resolves with the state the profile shows. Strict: unknown keys are
 * refused. `rate_limited`: the account changed its state too often this
 * hour (a sync that changes nothing is never refused); a background sync
 * leaves it at that.
 *
 * @example
 * ```ts
 * const reply = syncNotificationsContract.reply.safeParse(await call('syncNotifications', { granted: true }))
 * ```
 */
export const syncNotificationsContract = {
  name: 'syncNotifications',
  request: z.strictObject({
    granted: z.boolean(),
    optedOut: z.optional(z.boolean()),
    timeZone: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_TIME_ZONE_LENGTH))),
  }),
  reply: z.object({
    /** Granted and not opted out: the player may get a streak-at-risk nudge. */
    enrolled: z.boolean(),
    /** The profile's switch is off. */
    optedOut: z.boolean(),
  }),
  refusals: ['unauthenticated', 'invalid_request', 'rate_limited'],
} as const satisfies CallableContract

/** A `syncNotifications` request. */
export type SyncNotificationsRequest = z.infer<typeof syncNotificationsContract.request>
/** A `syncNotifications` reply. */
export type SyncNotificationsReply = z.infer<typeof syncNotificationsContract.reply>
/** The refusal codes `syncNotifications` can send. */
export type SyncNotificationsRefusal = RefusalOf<typeof syncNotificationsContract>
